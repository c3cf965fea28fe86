// The photos of a report or a reply: chosen on the phone, made small on the device by the wizard's photo path (its
// worker; the app hands it in, a feature never imports another) and kept in draftFiles under the report's id until
// the report is sent.
import { useCallback, useEffect, useRef, useState } from 'react';
import { draftsRepository } from '@/db/drafts-repository';
import type { AppDb } from '@/db/schema';
import { CLAIM_PHOTOS } from '@/shared/claims/claim-texts';
import { ErrorText } from '@/ui/field';
import { PhotoFileInput, PhotoMessages } from '@/ui/photo-input';
import { PhotoList } from '@/ui/photo-list';

export type PhotoRef = { id: string; name: string; url: string };
/** The wizard's photo path: downscales each file and keeps it in draftFiles under `draftId`. */
export type PhotoPath = { storePhotos(db: AppDb, draftId: string, files: File[]): Promise<{ added: PhotoRef[]; errors: string[] }> };
export type LoadPhotoPath = () => Promise<PhotoPath>;

export const TOO_MANY_PHOTOS = `Add at most ${CLAIM_PHOTOS.max} photos.`;
const UNAVAILABLE = 'Photos cannot be added right now. Check your connection, then try again.';

/** The photos chosen for the report or reply `draftId`, with adding (at most 5) and removing. */
export function useClaimPhotos(db: AppDb, draftId: string, load: LoadPhotoPath) {
  const [photos, setPhotos] = useState<PhotoRef[]>([]);
  const [storing, setStoring] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  const urls = useRef<string[]>([]);
  useEffect(() => () => urls.current.forEach((u) => URL.revokeObjectURL(u)), []);

  const add = useCallback(
    async (files: File[]) => {
      const room = CLAIM_PHOTOS.max - photos.length;
      setMessages(files.length > room ? [TOO_MANY_PHOTOS] : []);
      if (room <= 0) return;
      setStoring(true);
      try {
        const { added, errors } = await (await load()).storePhotos(db, draftId, files.slice(0, room));
        urls.current.push(...added.map((p) => p.url));
        setPhotos((now) => [...now, ...added]);
        setMessages((now) => [...now, ...errors]);
      } catch {
        setMessages([UNAVAILABLE]);
      } finally {
        setStoring(false);
      }
    },
    [db, draftId, load, photos.length],
  );
  const remove = useCallback(
    async (id: string) => {
      await draftsRepository(db).removeFile(id);
      setPhotos((now) => now.filter((p) => p.id !== id));
    },
    [db],
  );
  return { photos, storing, messages, add, remove };
}

type Props = ReturnType<typeof useClaimPhotos> & { id: string; label: string; error?: string | null };

export function ClaimPhotos({ id, label, error, photos, storing, messages, add, remove }: Props) {
  const described = [`${id}-hint`, error ? `${id}-error` : '', messages.length ? `${id}-messages` : ''].filter(Boolean).join(' ');
  return (
    <div className={error ? 'field field--error photos' : 'field photos'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <p className="field__hint" id={`${id}-hint`}>
        Up to {CLAIM_PHOTOS.max} photos. They are made smaller on this device before they are sent.
      </p>
      <ErrorText id={`${id}-error`} error={error} />
      <PhotoMessages id={id} messages={messages} className="field__error" />
      <PhotoFileInput id={id} className="photos__input" describedBy={described} invalid={!!error} onFiles={(files) => void add(files)} />
      <label htmlFor={id} className="button button--small photos__add">
        {photos.length ? 'Add more photos' : 'Add photos'}
      </label>
      <PhotoList photos={photos} storing={storing} onRemove={(photoId) => void remove(photoId)} />
    </div>
  );
}
