// A Bootstrap icon (16 × 16, MIT licence) from its path data, drawn by react-icons' GenIcon as
// react-icons/bs draws it. Screens that load lazily keep their few icons this way instead of
// importing react-icons/bs, a single module that would join every page's first load.
import { GenIcon } from 'react-icons/lib';

type IconPath = string | { fillRule: 'evenodd'; d: string };

export function bootstrapIcon(...paths: IconPath[]) {
  return GenIcon({
    tag: 'svg',
    attr: { fill: 'currentColor', viewBox: '0 0 16 16' },
    child: paths.map((path) => ({ tag: 'path', attr: typeof path === 'string' ? { d: path } : path, child: [] })),
  });
}
