// The help overlay ('?'): the reader's keys for the current direction, and its taps and gestures.
// A dialog: it traps focus, and Escape closes it.
import type { ReadingDirection } from '@comics/shared/schemas/reader';
import Modal from 'react-bootstrap/Modal';

import { keyHelp } from '../utils/key-map';

export function ReaderHelp({
  show,
  direction,
  onClose,
}: {
  show: boolean;
  direction: ReadingDirection;
  onClose: () => void;
}) {
  const [forward, back] = direction === 'ltr' ? ['right', 'left'] : ['left', 'right'];
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="reader-help-title">
      <Modal.Header closeButton>
        <Modal.Title id="reader-help-title" className="h5">
          Reading keys and gestures
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <table className="table table-sm align-middle reader-help-table mb-3">
          <caption className="visually-hidden">Keys</caption>
          <thead>
            <tr>
              <th scope="col">Keys</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {keyHelp(direction).map(({ keys, action }) => (
              <tr key={action}>
                <td>
                  {keys.map((key, index) => (
                    <span key={key}>
                      {index > 0 && ' '}
                      <kbd>{key}</kbd>
                    </span>
                  ))}
                </td>
                <td>{action}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul className="mb-0 small">
          <li>
            Click or tap the {forward} third of the page for the next page, the {back} third for the previous one, the
            middle to show or hide the bars.
          </li>
          <li>Swipe to turn; pinch or Ctrl + wheel to zoom, then drag to move around the page.</li>
        </ul>
      </Modal.Body>
    </Modal>
  );
}
