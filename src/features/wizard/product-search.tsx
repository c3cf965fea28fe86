// Find products by name or SKU within a category; chosen ones become chips.
import { CATEGORIES, type Category } from './categories';
import { pickOnEnter } from './products';
import { wizardView } from './wizard.view';
import type { StepProps } from './step-props';

export function ProductSearch({ state, send, describedBy }: StepProps & { describedBy?: string }) {
  const { fields, results, selected, catalogError } = state.context;
  const view = wizardView(state);
  const isSelected = (id: string) => selected.some((p) => p.id === id);
  const term = fields.productQuery.trim();
  return (
    <div className="products">
      <div className="field">
        <label className="field__label" htmlFor="category">
          Category
        </label>
        <select
          id="category"
          className="input select"
          value={fields.category}
          onChange={(e) => send({ type: 'category.change', category: e.target.value as Category })}
        >
          {Object.entries(CATEGORIES).map(([key, c]) => (
            <option key={key} value={key}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="productQuery">
          Product name or SKU
        </label>
        <input
          id="productQuery"
          className="input"
          type="search"
          name="product"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          aria-describedby={describedBy}
          aria-controls={results.length ? 'product-results' : undefined}
          value={fields.productQuery}
          onChange={(e) => send({ type: 'field.change', field: 'productQuery', value: e.target.value })}
          onKeyDown={(e) => {
            // The one product found is what the customer means: Enter picks it (the step's Enter, submit, otherwise).
            const id = e.key === 'Enter' && !e.nativeEvent.isComposing ? pickOnEnter(results, selected) : null;
            if (!id) return;
            e.preventDefault();
            send({ type: 'product.select', id });
          }}
        />
      </div>
      {catalogError && <p className="field__hint field__hint--warn">{catalogError}</p>}
      {view.catalogLoading && term && <p className="field__hint">Loading products…</p>}
      {view.noResults && (
        <p className="field__hint" role="status">
          No products found for "{term}"
        </p>
      )}
      {results.length > 0 && (
        <ul id="product-results" className="results" aria-label="Matching products">
          {results.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="result"
                aria-pressed={isSelected(p.id)}
                onClick={() => send(isSelected(p.id) ? { type: 'product.remove', id: p.id } : { type: 'product.select', id: p.id })}
              >
                {p.images[0] ? (
                  <img className="result__image" src={p.images[0].src} alt="" width={44} height={44} loading="lazy" />
                ) : (
                  <span className="result__image" />
                )}
                <span className="result__text">
                  <span className="result__title">{p.title}</span>
                  <span className="result__sku">{p.sku}</span>
                </span>
                <span className="result__mark" aria-hidden="true">
                  {isSelected(p.id) ? '✓' : '+'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {selected.length > 0 && (
        <div className="chips">
          <p className="field__label" id="chosen-label">
            Your products
          </p>
          <ul className="chips__list" aria-labelledby="chosen-label">
            {selected.map((p) => (
              <li key={p.id} className="chip">
                <span>{p.title}</span>
                <button
                  type="button"
                  className="chip__remove"
                  aria-label={`Remove ${p.title}`}
                  onClick={() => send({ type: 'product.remove', id: p.id })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
