// src/app/routes/registration-closed.tsx: /login until the registration wizard ships on this server.
import { useNav } from '../router';

export default function RegistrationClosed() {
  const { navigate } = useNav();
  return (
    <main className="start">
      <h1 className="start__title">Registration is not open yet</h1>
      <p className="start__subtitle">This store has not turned on online warranty registration. Please ask a member of staff.</p>
      <button type="button" className="button button--primary" onClick={() => navigate('/')}>
        Back to the start page
      </button>
    </main>
  );
}
