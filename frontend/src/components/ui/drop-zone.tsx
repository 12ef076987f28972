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

/** A dashed area to drop files on or click to browse, highlighted while files are dragged over. */
export function DropZone({ inputId, title, hint, onFiles }: DropZoneProps) {
  const [dragging, setDragging] = useState(false);
  return (
    <label
      htmlFor={inputId}
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
        'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed border-border p-8 text-center transition-colors hover:bg-muted',
        dragging && 'border-primary bg-primary-soft',
      )}
    >
      <Upload className="size-8 text-primary" aria-hidden="true" />
      <span className="font-medium">{title}</span>
      <span className="text-sm text-muted-foreground">{hint}</span>
    </label>
  );
}
