// /staff/photo/{fileId}, where the export's "Image URL" leads: one registration photo at full size, fetched with the
// staff token (the bucket is private). Behind RequireStaff, so anyone else is sent to the staff sign-in first.
import { useEffect, useState } from 'react';
import { callFunction } from '@/lib/functions';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { getStaffToken } from '@/lib/staff-session';
import { STAFF_PHOTO_PATH } from '@/shared/csv';
import { ID_PATTERN } from '@/shared/contracts/submission';
import { StaffLink, StaffLayout } from '../staff-layout';
import type { Navigate } from '../navigation';
import './submissions.css';

type Photo = { state: 'loading' } | { state: 'shown'; url: string } | { state: 'failed'; message: string };

const NOT_FOUND = 'This photo does not exist. It may have been removed, or the link was copied incompletely.';
const UNREACHABLE = 'The photo could not be loaded right now. Check your connection and try again.';

/** The file id the page's path names, or '' when it names none. */
export function photoIdOf(pathname: string): string {
  if (!pathname.startsWith(STAFF_PHOTO_PATH)) return '';
  let id: string;
  try {
    id = decodeURIComponent(pathname.slice(STAFF_PHOTO_PATH.length).replace(/\/+$/, ''));
  } catch {
    return '';
  }
  return ID_PATTERN.test(id) ? id : '';
}

export function StaffPhotoScreen({ config, navigate }: { config: RuntimeConfig; navigate: Navigate }) {
  const id = photoIdOf(window.location.pathname);
  const [photo, setPhoto] = useState<Photo>(() => (id ? { state: 'loading' } : { state: 'failed', message: NOT_FOUND }));

  useEffect(() => {
    if (!id) return;
    let live = true;
    let url = '';
    void (async () => {
      const token = await getStaffToken(config).catch(() => null);
      if (!token) return; // RequireStaff sends this page to the sign-in
      const answer = await callFunction('staffImage', { query: { id }, staffToken: token }).catch(() => null);
      if (!live) return;
      if (answer?.ok) {
        url = URL.createObjectURL(answer.data);
        setPhoto({ state: 'shown', url });
      } else setPhoto({ state: 'failed', message: answer?.status === 404 ? NOT_FOUND : UNREACHABLE });
    })();
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [config, id]);

  return (
    <StaffLayout config={config} navigate={navigate}>
      <div className="staff-page-head">
        <h1 className="staff-title">Registration photo</h1>
        <StaffLink to="/submission" navigate={navigate} className="subs-link">
          Back to submissions
        </StaffLink>
      </div>
      {photo.state === 'loading' && <p className="loading">Loading photo...</p>}
      {photo.state === 'failed' && (
        <p className="subs__error" role="alert">
          {photo.message}
        </p>
      )}
      {photo.state === 'shown' && (
        <figure className="subs-photo">
          <img src={photo.url} alt={`Registration photo ${id}`} />
          <figcaption>Photo {id}</figcaption>
        </figure>
      )}
    </StaffLayout>
  );
}
