// The navbar's search: Enter (or the find icon) searches the trimmed text; text that is empty
// after trimming asks for the full list instead (docs/product.md §5). The clear icon shows only when there
// is text. Text typed into the server-rendered box before the app took over (a slow phone) is
// taken up at hydration, not lost.
import { useEffect, useRef, type FormEvent } from 'react';
import { BsSearch, BsXLg } from 'react-icons/bs';

type SearchBarProps = {
  value: string;
  onValueChange: (value: string) => void;
  onSearch: (term: string) => void;
  /** The text was empty after trimming: show the full list. */
  onReset: () => void;
  /** The clear icon was pressed (the text is already emptied). */
  onClear?: () => void;
  className?: string;
};

export function SearchBar({ value, onValueChange, onSearch, onReset, onClear, className }: SearchBarProps) {
  const inputRef = useRef<HTMLInputElement>(null);

  // Typing before hydration reached no onChange: the box shows text the state does not hold.
  useEffect(() => {
    const typed = inputRef.current?.value ?? value;
    if (typed !== value) onValueChange(typed);
    // Once, at the first render (the hydration); later changes come through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const term = value.trim();
    if (term === '') {
      if (value !== '') onValueChange('');
      onReset();
    } else {
      onSearch(term);
    }
  }

  function handleClear() {
    onValueChange('');
    inputRef.current?.focus();
    onClear?.();
  }

  return (
    <form role="search" className={`search-bar ${className ?? ''}`} onSubmit={handleSubmit}>
      <div className="input-group">
        <input
          ref={inputRef}
          type="search"
          className="form-control search-bar-input"
          placeholder="Search comic..."
          aria-label="Search comic"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          enterKeyHint="search"
          autoComplete="off"
        />
        {value !== '' && (
          <button type="button" className="btn search-bar-clear" aria-label="Clear search" onClick={handleClear}>
            <BsXLg aria-hidden="true" />
          </button>
        )}
        <button type="submit" className="btn btn-primary search-bar-find" aria-label="Find">
          <BsSearch aria-hidden="true" />
        </button>
      </div>
    </form>
  );
}
