/** Shown while the first page's code loads. */
export function PageFallback() {
  return (
    <main className="standalone" aria-busy="true">
      <p className="loading-text" role="status">
        Loading the dashboard…
      </p>
    </main>
  );
}
