import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { SearchBar } from './search-bar';

function Harness(props: {
  initial?: string;
  onSearch?: (t: string) => void;
  onReset?: () => void;
  onClear?: () => void;
}) {
  const [value, setValue] = useState(props.initial ?? '');
  return (
    <SearchBar
      value={value}
      onValueChange={setValue}
      onSearch={props.onSearch ?? (() => {})}
      onReset={props.onReset ?? (() => {})}
      onClear={props.onClear}
    />
  );
}

const input = () => screen.getByRole('searchbox', { name: 'Search comic' });
const clearButton = () => screen.queryByRole('button', { name: 'Clear search' });

describe('SearchBar', () => {
  it("has the spec's placeholder and a find button", () => {
    render(<Harness />);
    expect(input()).toHaveAttribute('placeholder', 'Search comic...');
    expect(screen.getByRole('button', { name: 'Find' })).toBeInTheDocument();
  });

  it('shows the clear icon only while there is text', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(clearButton()).not.toBeInTheDocument();

    await user.type(input(), 'bat');
    expect(clearButton()).toBeInTheDocument();

    await user.clear(input());
    expect(clearButton()).not.toBeInTheDocument();
  });

  it('clears the text and keeps focus in the box with the clear icon', async () => {
    const user = userEvent.setup();
    const onClear = vi.fn();
    render(<Harness initial="spider" onClear={onClear} />);

    await user.click(clearButton()!);

    expect(input()).toHaveValue('');
    expect(input()).toHaveFocus();
    expect(clearButton()).not.toBeInTheDocument();
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('searches the trimmed text on Enter', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    const onReset = vi.fn();
    render(<Harness onSearch={onSearch} onReset={onReset} />);

    await user.type(input(), '  batman  {Enter}');

    expect(onSearch).toHaveBeenCalledExactlyOnceWith('batman');
    expect(onReset).not.toHaveBeenCalled();
  });

  it('searches with the find icon too', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<Harness initial="x-men" onSearch={onSearch} />);

    await user.click(screen.getByRole('button', { name: 'Find' }));

    expect(onSearch).toHaveBeenCalledExactlyOnceWith('x-men');
  });

  it('asks for the full list when the text is empty after trimming', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    const onReset = vi.fn();
    render(<Harness onSearch={onSearch} onReset={onReset} />);

    await user.type(input(), '   {Enter}');

    expect(onReset).toHaveBeenCalledTimes(1);
    expect(onSearch).not.toHaveBeenCalled();
    expect(input()).toHaveValue('');
  });

  it('asks for the full list on Enter in an empty box', async () => {
    const user = userEvent.setup();
    const onReset = vi.fn();
    render(<Harness onReset={onReset} />);

    await user.type(input(), '{Enter}');

    expect(onReset).toHaveBeenCalledTimes(1);
  });
});
