import { UploadIcon } from 'lucide-react';
import { type ChangeEvent, useId, useRef } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';

type Props = {
  label: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  /** Asked before the file dialog opens; false keeps it closed. */
  canPick?: () => boolean;
};

/** A file input that looks like a button; the input itself carries the label (getByLabel). */
export function FilePickButton({ label, accept, multiple, disabled, onFiles, canPick }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    // Picking the same file again must fire again.
    if (input.current) input.current.value = '';
    if (files.length) onFiles(files);
  };
  return (
    <span className="inline-flex">
      <input
        ref={input}
        id={id}
        type="file"
        className="peer sr-only"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={change}
      />
      <label
        htmlFor={id}
        onClick={(e) => canPick && !canPick() && e.preventDefault()}
        className={cn(
          buttonVariants({ variant: 'outline' }),
          'cursor-pointer peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50',
          disabled && 'pointer-events-none opacity-50',
        )}
      >
        <UploadIcon />
        {label}
      </label>
    </span>
  );
}
