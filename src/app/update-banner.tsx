// "A new version is available" with Reload, when a new service worker waits.
import { useEffect, useState } from 'react';
import { applyUpdate, onUpdateWaiting } from '@/lib/service-worker';

export function UpdateBanner() {
  const [waiting, setWaiting] = useState(false);
  useEffect(() => onUpdateWaiting(setWaiting), []);
  if (!waiting) return null;
  return (
    <div className="update-banner" role="status">
      <span>A new version is available</span>
      <button type="button" className="button button--small" onClick={applyUpdate}>
        Reload
      </button>
    </div>
  );
}
