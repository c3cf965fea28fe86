// A path the app does not know.
import { useNav } from '../router';

export default function NotFound() {
  const { navigate } = useNav();
  return (
    <main className="start">
      <h1 className="start__title">Page not found</h1>
      <p className="start__subtitle">This address does not lead anywhere.</p>
      <button type="button" className="button button--primary" onClick={() => navigate('/')}>
        Go to the start page
      </button>
    </main>
  );
}
