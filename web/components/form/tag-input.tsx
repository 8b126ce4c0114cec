// Tag input (spec §5): Enter adds the typed text as a tag; duplicates (any case) are ignored.
import { XIcon } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { describedBy, FormField } from '@/components/form/form-field';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';

type Props = {
  label: ReactNode;
  value: string[];
  onValueChange: (tags: string[]) => void;
  placeholder?: string;
  error?: string;
  disabled?: boolean;
  className?: string;
};

export function addTag(tags: string[], text: string): string[] {
  const tag = text.trim();
  if (!tag || tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return tags;
  return [...tags, tag];
}

export function TagInput({
  label,
  value,
  onValueChange,
  placeholder = 'Escriba y presione Enter',
  error,
  disabled,
  className,
}: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      const next = addTag(value, text);
      if (next !== value) onValueChange(next);
      setText('');
    } else if (e.key === 'Backspace' && !text && value.length) {
      onValueChange(value.slice(0, -1));
    }
  };
  return (
    <FormField id={id} label={label} error={error} className={className}>
      <Input
        id={id}
        value={text}
        disabled={disabled}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={describedBy(id, error)}
      />
      {value.length > 0 && (
        <ul aria-label="Etiquetas" className="flex flex-wrap gap-1.5">
          {value.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary" className="gap-1 py-1 ps-2.5 pe-1 text-sm">
                {tag}
                <button
                  type="button"
                  aria-label={`Quitar ${tag}`}
                  disabled={disabled}
                  onClick={() => onValueChange(value.filter((t) => t !== tag))}
                  className="rounded-sm p-0.5 hover:bg-background/60"
                >
                  <XIcon className="size-3.5" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </FormField>
  );
}
