// The photos chosen so far, each with its Remove, and a line while new ones are made small: the wizard's step 6 and
// a warranty card's report and reply show them the same way.
export type ListedPhoto = { id: string; name: string; url: string };

type Props = { photos: readonly ListedPhoto[]; storing: boolean; onRemove: (id: string) => void };

export function PhotoList({ photos, storing, onRemove }: Props) {
  return (
    <>
      {storing && (
        <p className="field__hint" role="status">
          Preparing photos…
        </p>
      )}
      {photos.length > 0 && (
        <ul className="photos__list" aria-label="Photos to send">
          {photos.map((p) => (
            <li key={p.id} className="photos__item">
              <img src={p.url} alt={p.name} width={120} className="thumb photos__preview" />
              <button type="button" className="chip__remove photos__remove" onClick={() => onRemove(p.id)} aria-label={`Remove ${p.name}`}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
