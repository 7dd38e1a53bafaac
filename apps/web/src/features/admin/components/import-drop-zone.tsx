// Where archives are given to an import: dropped (files or whole folders) or chosen with the
// two buttons (files; a folder), which also serve the keyboard. Tells what it found by name only.
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { BsFolder2Open, BsFileEarmarkZip } from 'react-icons/bs';

import { ARCHIVE_ACCEPT, archivesFromDrop, archivesFromInput, type CollectedArchives } from '../imports/archive-files';

type ImportDropZoneProps = {
  /** What the zone says above its buttons. */
  prompt: ReactNode;
  onArchives: (collected: CollectedArchives) => void;
};

export function ImportDropZone({ prompt, onArchives }: ImportDropZoneProps) {
  const id = useId();
  const [over, setOver] = useState(false);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  function dropped(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    void archivesFromDrop(event.dataTransfer).then(onArchives);
  }

  function chosen(input: HTMLInputElement) {
    if (input.files) onArchives(archivesFromInput(input.files));
    // The same files chosen again are a new choice.
    input.value = '';
  }

  return (
    <div
      className={`import-drop-zone rounded-3 p-4 text-center ${over ? 'is-over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={dropped}
      data-testid="import-drop-zone"
    >
      <p className="mb-3" id={`${id}-prompt`}>
        {prompt}
      </p>
      <div className="d-flex flex-wrap justify-content-center gap-2" role="group" aria-labelledby={`${id}-prompt`}>
        <Button variant="primary" onClick={() => filesInput.current?.click()}>
          <BsFileEarmarkZip aria-hidden="true" className="me-2" />
          Choose archives
        </Button>
        <Button variant="outline-primary" onClick={() => folderInput.current?.click()}>
          <BsFolder2Open aria-hidden="true" className="me-2" />
          Choose a folder
        </Button>
      </div>
      <input
        ref={filesInput}
        type="file"
        multiple
        accept={ARCHIVE_ACCEPT}
        className="d-none"
        aria-label="Archives to import"
        onChange={(event) => chosen(event.currentTarget)}
      />
      <input
        ref={folderInput}
        type="file"
        className="d-none"
        aria-label="Folder to import"
        // A folder: every file under it, each with its path within it.
        {...{ webkitdirectory: '' }}
        onChange={(event) => chosen(event.currentTarget)}
      />
      <p className="small text-body-secondary mt-3 mb-0">
        CBZ, CBR, ZIP, RAR or PDF. A folder keeps its layout: <code>Publisher/Series (Year)/Series 001.cbz</code>.
      </p>
    </div>
  );
}
