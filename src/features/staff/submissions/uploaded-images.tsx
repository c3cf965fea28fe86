// The registration's uploaded photos in the Edit Submission dialog, as staff-only previews; one that fails to load is
// left out.
import { useEffect, useState } from 'react';
import { staffImageUrl, type TokenSource } from './staff-images';
import { imageIds } from './submissions-table';

export function UploadedImages({ fileIds, token }: { fileIds: string; token: TokenSource }) {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    const ids = imageIds({ image_file_id: fileIds });
    void Promise.all(ids.map((id) => staffImageUrl(id, 240, token))).then(
      (list) => live && setUrls(list.filter((u): u is string => Boolean(u))),
    );
    return () => {
      live = false;
    };
  }, [fileIds, token]);
  if (!urls.length) return null;
  return (
    <figure className="subs-edit__images">
      <figcaption>Uploaded Image</figcaption>
      {urls.map((u) => (
        <img
          key={u}
          src={u}
          width={120}
          alt="Uploaded Image"
          className="subs-edit__image"
          onError={() => setUrls((l) => l.filter((x) => x !== u))}
        />
      ))}
    </figure>
  );
}
