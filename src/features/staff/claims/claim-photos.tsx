// A claim's photos through the staff-only image path (the registration photos' previews), each a link to the full
// photo on its staff page.
import { StaffImage, type TokenSource } from '../submissions/staff-images';

export function ClaimPhotos({ ids, token, size }: { ids: readonly string[]; token: TokenSource; size: number }) {
  if (!ids.length) return <p className="claim-muted">No photos.</p>;
  return (
    <ul className="claim-photos">
      {ids.map((id, i) => (
        <li key={id}>
          <a
            href={`/staff/photo/${encodeURIComponent(id)}`}
            target="_blank"
            rel="noreferrer"
            aria-label={`Photo ${i + 1} of ${ids.length}, full size`}
          >
            <StaffImage id={id} width={size} token={token} className="claim-photo" />
          </a>
        </li>
      ))}
    </ul>
  );
}
