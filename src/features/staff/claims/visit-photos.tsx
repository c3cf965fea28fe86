// "Photos (optional)" of "Record a visit": up to 5 photos, made small on this device by the wizard's photo path (its
// worker; the app hands it in through VisitPhotoPathProvider, as a feature never imports another) and sent one by one
// as they are chosen (uploadStaffPhoto), so "Save visit" only names them. A photo removed, or a visit never saved,
// leaves an upload nobody joined, which the server sweeps.
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { base64Of } from '@/shared/base64';
import { callStaffFunction } from '@/lib/staff-functions';
import { CLAIM_PHOTOS } from '@/shared/claims/claim-texts';
import { PhotoFileInput, PhotoMessages } from '@/ui/photo-input';
import type { TokenSource } from '../submissions/staff-images';

/** The wizard's photo path, as far as a visit needs it: a photo made small (JPEG, 2048 px at most). */
export type VisitPhotoPath = { downscalePhoto(file: File): Promise<{ blob: Blob }> };
export type LoadVisitPhotoPath = () => Promise<VisitPhotoPath>;

const PathContext = createContext<LoadVisitPhotoPath | null>(null);

/** Hands the wizard's photo path to "Record a visit" below it (the app's staff route). */
export function VisitPhotoPathProvider({ load, children }: { load: LoadVisitPhotoPath; children: ReactNode }) {
  return <PathContext.Provider value={load}>{children}</PathContext.Provider>;
}

export type VisitPhoto = { key: string; name: string; url: string; id: string | null };

const TOO_MANY = `Add at most ${CLAIM_PHOTOS.max} photos.`;
const OFFLINE = 'This device is offline. Add the photos again once it is back online.';
const unreadable = (name: string) => `We could not read "${name}". Please choose a JPEG, PNG or WebP photo.`;

/** The photos chosen for one visit: adding (made small and sent, at most 5), removing, and their file ids. */
export function useVisitPhotos(token: TokenSource) {
  const load = useContext(PathContext);
  const [photos, setPhotos] = useState<VisitPhoto[]>([]);
  const [messages, setMessages] = useState<string[]>([]);
  const urls = useRef<string[]>([]);
  /** How many are chosen, as of the last render: a second choice made while the first is sent still counts them. */
  const count = useRef(0);
  count.current = photos.length;
  useEffect(() => () => urls.current.forEach((u) => URL.revokeObjectURL(u)), []);

  const one = useCallback(
    async (path: VisitPhotoPath, file: File): Promise<string | null> => {
      let blob: Blob;
      try {
        ({ blob } = await path.downscalePhoto(file));
      } catch (err) {
        return err instanceof Error && err.name === 'PhotoError' ? err.message : unreadable(file.name);
      }
      const key = crypto.randomUUID();
      const url = URL.createObjectURL(blob);
      urls.current.push(url);
      setPhotos((now) => [...now, { key, name: file.name, url, id: null }]);
      try {
        const answer = await callStaffFunction('uploadStaffPhoto', {
          staffToken: (await token()) ?? '',
          body: { data: await base64Of(blob) },
        });
        if (!answer.ok) throw new Error(`"${file.name}" was not added: ${answer.error}`);
        setPhotos((now) => now.map((p) => (p.key === key ? { ...p, id: answer.data.id } : p)));
        return null;
      } catch (err) {
        setPhotos((now) => now.filter((p) => p.key !== key));
        return err instanceof Error && err.message.startsWith('"') ? err.message : OFFLINE;
      }
    },
    [token],
  );

  const add = useCallback(
    async (files: File[]) => {
      if (!load) return;
      const room = CLAIM_PHOTOS.max - count.current;
      setMessages(files.length > room ? [TOO_MANY] : []);
      if (room <= 0) return;
      let path: VisitPhotoPath;
      try {
        path = await load();
      } catch {
        setMessages([OFFLINE]);
        return;
      }
      for (const file of files.slice(0, room)) {
        const problem = await one(path, file);
        if (problem) setMessages((now) => [...now, problem]);
      }
    },
    [load, one],
  );
  const remove = useCallback((key: string) => setPhotos((now) => now.filter((p) => p.key !== key)), []);
  const clear = useCallback(() => {
    setPhotos([]);
    setMessages([]);
  }, []);

  const sending = photos.some((p) => p.id === null);
  const ids = photos.flatMap((p) => (p.id ? [p.id] : []));
  return { available: load !== null, photos, messages, sending, ids, add, remove, clear };
}

type Props = ReturnType<typeof useVisitPhotos> & { id: string; disabled?: boolean; label?: string; listLabel?: string };

/** The photo input of "Record a visit" (and "New claim"): its label, hint, previews with "Remove", what went wrong. */
export function VisitPhotoInput(props: Props) {
  const { id, available, photos, messages, sending, add, remove, disabled } = props;
  const { label = 'Photos (optional)', listLabel = 'Photos of this visit' } = props;
  if (!available) return null;
  const full = photos.length >= CLAIM_PHOTOS.max;
  return (
    <div className="subs-field care-form__wide care-photos">
      <label htmlFor={id}>{label}</label>
      <p className="claim-step__hint" id={`${id}-hint`}>
        Up to {CLAIM_PHOTOS.max} photos. They are made smaller on this device before they are sent.
      </p>
      <PhotoMessages id={id} messages={messages} className="subs-field__error" />
      <PhotoFileInput
        id={id}
        className="care-photos__input"
        describedBy={[`${id}-hint`, messages.length ? `${id}-messages` : ''].filter(Boolean).join(' ')}
        disabled={disabled || full}
        onFiles={(files) => void add(files)}
      />
      {sending && (
        <p className="claim-step__hint" role="status">
          Sending photos...
        </p>
      )}
      {photos.length > 0 && (
        <ul className="care-photos__list" aria-label={listLabel}>
          {photos.map((p, i) => (
            <li key={p.key} className="care-photos__item">
              <img src={p.url} alt={`Photo ${i + 1}: ${p.name}`} width={88} className="claim-photo" />
              <button
                type="button"
                className="subs-button subs-button--small"
                onClick={() => remove(p.key)}
                disabled={disabled}
                aria-label={`Remove photo ${i + 1}: ${p.name}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
