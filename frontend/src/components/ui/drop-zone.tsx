import { Upload } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/utils';

interface DropZoneProps {
  /** The file input it labels: a click browses, a drop hands the files over. */
  inputId: string;
  title: string;
  hint: string;
  onFiles(files: File[]): void;
}

/**
 * A dashed area to drop files on or click to browse, highlighted while files are dragged over. It
 * is the keyboard's way to the file chooser too: a button in the tab order, named by its words
 * (title and hint), with a focus ring, that Enter and Space open (the visually hidden input it
 * opens is out of the tab order).
 */
export function DropZone({ inputId, title, hint, onFiles }: DropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const browse = (element: HTMLElement) => element.ownerDocument.getElementById(inputId)?.click();
  return (
    <div
      role="button"
      tabIndex={0}
      onClick={(event) => browse(event.currentTarget)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        // Space would scroll the page.
        event.preventDefault();
        browse(event.currentTarget);
      }}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        onFiles([...event.dataTransfer.files]);
      }}
      className={cn(
        'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed border-border p-8 text-center transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-2 focus-visible:outline-none',
        dragging && 'border-primary bg-primary-soft',
      )}
    >
      <Upload className="size-8 text-primary" aria-hidden="true" />
      <span className="font-medium">{title}</span>
      <span className="text-sm text-muted-foreground">{hint}</span>
    </div>
  );
}
