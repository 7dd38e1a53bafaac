// The 'edit' pencil of 'Post Review' and the admin's 'Edit comic' / 'Edit issue', drawn from its
// path data (Bootstrap Icons, MIT licence) rather than imported from react-icons/bs: that module
// is in every page's first load (the navbar uses it), and each icon taken from it would join that
// load. Only lazily loaded screens import this one.
import { bootstrapIcon } from '@/components/bootstrap-icon';

export const BsPencilSquare = bootstrapIcon(
  'M15.502 1.94a.5.5 0 0 1 0 .706L14.459 3.69l-2-2L13.502.646a.5.5 0 0 1 .707 0l1.293 1.293zm-1.75 2.456-2-2L4.939 9.21a.5.5 0 0 0-.121.196l-.805 2.414a.25.25 0 0 0 .316.316l2.414-.805a.5.5 0 0 0 .196-.12l6.813-6.814z',
  {
    fillRule: 'evenodd',
    d: 'M1 13.5A1.5 1.5 0 0 0 2.5 15h11a1.5 1.5 0 0 0 1.5-1.5v-6a.5.5 0 0 0-1 0v6a.5.5 0 0 1-.5.5h-11a.5.5 0 0 1-.5-.5v-11a.5.5 0 0 1 .5-.5H9a.5.5 0 0 0 0-1H2.5A1.5 1.5 0 0 0 1 2.5z',
  },
);
