/** A filter form's two buttons: apply what is chosen (the form's submit), or clear every filter at once. */
export function FilterActions({ onClear }: { readonly onClear: () => void }) {
  return (
    <div className="actions">
      <button type="submit" className="button">
        Apply filters
      </button>
      <button type="button" className="button button-secondary" onClick={onClear}>
        Clear filters
      </button>
    </div>
  );
}
