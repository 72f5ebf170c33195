/** Shown instead of the app when the configuration is invalid. */
export function ConfigError({ errors }: { errors: string[] }) {
  return (
    <div className="app" data-sign-in-state="config-error">
      <main className="card">
        <h1>This app is not configured correctly</h1>
        <div className="alert" role="alert">
          <p className="alert-message">Fix these settings and reload:</p>
          <ul>
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
        <p>
          See <code>.env.example</code> for every setting and its default.
        </p>
      </main>
    </div>
  );
}
