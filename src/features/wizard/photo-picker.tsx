// Several product photos at once, with 120 px previews to remove before submitting.
import type { PhotoRef } from './wizard.types';
import { PhotoFileInput } from '@/ui/photo-input';
import { PhotoList } from '@/ui/photo-list';

type Props = { photos: PhotoRef[]; storing: boolean; describedBy?: string; onAdd: (files: File[]) => void; onRemove: (id: string) => void };

export function PhotoPicker({ photos, storing, describedBy, onAdd, onRemove }: Props) {
  return (
    <div className="photos">
      <label className="field__label" htmlFor="photos">
        Product photos
      </label>
      <p className="field__hint" id="photos-hint">
        JPEG, PNG or WebP. Photos are made smaller on this device before they are sent.
      </p>
      <PhotoFileInput
        id="photos"
        className="photos__input"
        describedBy={['photos-hint', describedBy].filter(Boolean).join(' ')}
        onFiles={onAdd}
      />
      <label htmlFor="photos" className="button photos__add">
        {photos.length ? 'Add more photos' : 'Add photos'}
      </label>
      <PhotoList photos={photos} storing={storing} onRemove={onRemove} />
    </div>
  );
}
