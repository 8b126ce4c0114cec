// The filter widgets of the grid toolbar, one per FilterDef kind (spec §5: the end date is
// disabled until a start date is chosen and cannot be before it).
import type { DateRange } from '@shared/list-query';
import { MSG } from '@shared/messages';
import type { FilterDef } from '@shared/resource-types';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useDebounced } from '@/lib/use-debounced';
import { optionsOf, useLookups } from '@/lib/lookups';
import { DatePickerButton, DateText } from '@/components/form/date-text';

type FilterProps<T> = { def: FilterDef; value: T | undefined; onChange: (value: T | null) => void };

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      {children}
    </div>
  );
}

/** Contains-text filter, sent once typing pauses. */
export function TextFilter({ def, value, onChange }: FilterProps<string>) {
  const id = useId();
  const [text, setText] = useState(value ?? '');
  const debounced = useDebounced(text, 400);
  const sent = useRef(value ?? '');

  useEffect(() => {
    if (debounced.trim() === sent.current) return;
    sent.current = debounced.trim();
    onChange(debounced.trim() || null);
  }, [debounced, onChange]);

  // The URL changed from elsewhere (cleared filters, back button): follow it.
  useEffect(() => {
    if ((value ?? '') !== sent.current) {
      sent.current = value ?? '';
      setText(value ?? '');
    }
  }, [value]);

  return (
    <Labelled id={id} label={def.label}>
      <Input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Buscar..."
      />
    </Labelled>
  );
}

function OptionsFilter({
  id,
  label,
  value,
  options,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (v: string) => void;
  disabled?: boolean;
}) {
  return (
    <Labelled id={id} label={label}>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
        <option value="">Todos</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </Labelled>
  );
}

export function EqFilter({ def, value, onChange }: FilterProps<string>) {
  const id = useId();
  return (
    <OptionsFilter
      id={id}
      label={def.label}
      value={value ?? ''}
      options={[...(def.options ?? [])]}
      onChange={(v) => onChange(v || null)}
    />
  );
}

export function BoolFilter({ def, value, onChange }: FilterProps<boolean>) {
  const id = useId();
  const [yes, no] = def.field === 'activo' ? ['Activo', 'Inactivo'] : ['Sí', 'No'];
  const current = value === true ? 'true' : value === false ? 'false' : '';
  return (
    <OptionsFilter
      id={id}
      label={def.label}
      value={current}
      options={[
        { value: 'true', label: yes },
        { value: 'false', label: no },
      ]}
      onChange={(v) => onChange(v === '' ? null : v === 'true')}
    />
  );
}

/** A reference filter: the referenced resource's active rows; the value sent is the id. */
export function RefFilter({ def, value, onChange }: FilterProps<number>) {
  const id = useId();
  const lookups = useLookups(def.ref);
  const options = optionsOf(lookups);
  return (
    <OptionsFilter
      id={id}
      label={def.label}
      value={value ? String(value) : ''}
      disabled={!options.length && lookups.status === 'loading'}
      options={options.map((o) => ({ value: String(o.id), label: o.label }))}
      onChange={(v) => onChange(v ? Number(v) : null)}
    />
  );
}

export function DateRangeFilter({ def, value, onChange }: FilterProps<DateRange>) {
  const fromId = useId();
  const toId = useId();
  const hintId = useId();
  const from = value?.from ?? '';
  const to = value?.to ?? '';
  // An end before the start is kept on screen with the reason and never sent (decision 0462): the
  // list keeps the last valid range instead of quietly listing rows outside the visible one.
  const [badTo, setBadTo] = useState('');
  const setFrom = (next: string) => {
    setBadTo('');
    if (!next) return onChange(null);
    onChange({ from: next, ...(to && to >= next ? { to } : {}) });
  };
  const setTo = (next: string) => {
    if (next && next < from) {
      setBadTo(next);
      return;
    }
    setBadTo('');
    onChange({ from, ...(next ? { to: next } : {}) });
  };
  const shownTo = badTo || to;
  return (
    <div className="grid grid-cols-2 gap-2 sm:col-span-2">
      <Labelled id={fromId} label={`${def.label} desde`}>
        <div className="flex items-center gap-1">
          <DateText id={fromId} value={from} onValueChange={setFrom} />
          <DatePickerButton value={from} onPick={setFrom} />
        </div>
      </Labelled>
      <Labelled id={toId} label={`${def.label} hasta`}>
        <div className="flex items-center gap-1">
          <DateText
            id={toId}
            value={shownTo}
            disabled={!from}
            data-min={from || undefined}
            aria-invalid={badTo ? true : undefined}
            aria-describedby={hintId}
            onValueChange={setTo}
          />
          <DatePickerButton value={shownTo} onPick={setTo} disabled={!from} min={from || undefined} />
        </div>
      </Labelled>
      <p
        id={hintId}
        role={badTo ? 'alert' : undefined}
        className={badTo ? 'col-span-2 text-xs text-destructive' : 'col-span-2 text-xs text-muted-foreground'}
      >
        {badTo
          ? MSG.rangeEndBeforeStartUi(from)
          : from
            ? `La fecha final no puede ser anterior a ${from}.`
            : 'Elige primero la fecha inicial.'}
      </p>
    </div>
  );
}
