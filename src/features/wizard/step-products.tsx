// Step 6, product photos and/or products found by name or SKU, then Submit.
import { ErrorText } from '@/ui/field';
import { PhotoPicker } from './photo-picker';
import { ProductSearch } from './product-search';
import { useFocusOnMount } from './use-focus-on-mount';
import { wizardView } from './wizard.view';
import type { StepProps } from './step-props';

export function StepProducts({ state, send }: StepProps) {
  const { error, photos } = state.context;
  const view = wizardView(state);
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const describedBy = error ? 'products-error' : undefined;
  return (
    <>
      <h1 className="wizard__title" ref={heading} tabIndex={-1}>
        Upload a product image or enter a SKU number
      </h1>
      <p className="wizard__lead">Add photos of your jewelry, find it by name or SKU, or both.</p>
      <div className={error ? 'field field--error' : 'field'}>
        <ErrorText id="products-error" error={error} />
        <PhotoPicker
          photos={photos}
          storing={view.storingPhotos}
          describedBy={describedBy}
          onAdd={(files) => send({ type: 'photos.add', files })}
          onRemove={(id) => send({ type: 'photo.remove', id })}
        />
        <p className="divider">
          <span>or</span>
        </p>
        <ProductSearch state={state} send={send} describedBy={describedBy} />
      </div>
      <div className="wizard__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={view.submitting || view.storingPhotos}
          onClick={() => send({ type: 'registration.submit' })}
        >
          {view.submitting ? 'Submitting…' : 'Submit'}
        </button>
      </div>
    </>
  );
}
