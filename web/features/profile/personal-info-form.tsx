// The personal-information form: the member's own screen and the administrators' edit of a
// registered user both render it; the caller decides where the body goes.
import { CONSTANTS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { personalInfoErrors, personalInfoSchema } from '@shared/schemas/profile';
import { SaveIcon } from 'lucide-react';
import { useState } from 'react';
import type * as v from 'valibot';
import { Spinner } from '@/components/feedback/spinner';
import { type ComparedField, ConflictBanner, useStaleEdit } from '@/components/form/conflict-banner';
import { handleSaveError } from '@/lib/api-errors';
import { PERSONAL_LABELS } from '@/components/form/history-labels';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { useInitForm } from '@/lib/init-form-api';
import { cachedLabels } from '@/lib/lookups';
import { useApiForm } from '@/lib/use-api-form';
import { firstMessages } from '@/lib/form-errors';
import { LocationFields } from '@/features/profile/location-fields';
import {
  type PersonalRecord,
  type PersonalValues,
  toBody,
  toValues,
} from '@/features/profile/personal-values';
import { DATE_TEXT_PROPS, DatePickerButton, withDashes } from '@/components/form/date-text';

export type PersonalBody = v.InferOutput<typeof personalInfoSchema>;

type Props = {
  record: PersonalRecord;
  onSave: (body: PersonalBody) => Promise<{ message?: string; data?: { version?: unknown } } | undefined>;
  /** The record as the server has it now (the conflict banner's Recargar and Comparar). */
  load: () => Promise<PersonalRecord>;
  disabled?: boolean;
};

export function PersonalInfoForm({ record, onSave, load, disabled }: Props) {
  // Identification types (with their code, for the NIT check) and education levels.
  const initForm = useInitForm();
  const tipos = initForm.data?.tiposIdentificacion ?? [];
  const niveles = initForm.data?.nivelesEducativos ?? [];
  // The version this form last read or saved: the record's, or the one the last save answered
  // (the form stays open after saving; a photo upload reloads the record with a newer one).
  const [savedVersion, setSavedVersion] = useState(0);
  const stale = useStaleEdit();
  const version =
    Math.max(typeof record.version === 'number' ? record.version : 0, savedVersion) || undefined;
  const form = useApiForm({
    defaultValues: toValues(record),
    schema: personalInfoSchema,
    // The version the form read (decision 0251): saved meanwhile elsewhere → 409 naming who.
    toBody: (values: PersonalValues) => ({ ...toBody(values), version }),
    // The NIT check digit and the age rule, shared with the server.
    check: (body: PersonalBody) =>
      firstMessages(
        personalInfoErrors(body, tipos.find((t) => t.id === body.tipo_identificacion_id)?.codigo, Date.now()),
      ),
    send: async (body: PersonalBody) => {
      const res = await onSave(body);
      if (typeof res?.data?.version === 'number') setSavedVersion(res.data.version);
      return res;
    },
    success: MSG.updated,
    errors: stale.errors,
    onSaved: () => stale.clear(),
  });
  const { values, errors, set } = form;
  const nameOf = (options: { id: number | string; nombre: string }[]) => (value: unknown) =>
    options.find((o) => String(o.id) === String(value ?? ''))?.nombre ?? String(value ?? '');
  const compared: ComparedField[] = (Object.keys(PERSONAL_LABELS) as (keyof PersonalValues)[]).map(
    (name) => ({
      name,
      label: PERSONAL_LABELS[name],
      format:
        name === 'tipo_identificacion_id'
          ? nameOf(tipos)
          : name === 'nivel_educativo_id'
            ? nameOf(niveles)
            : name === 'genero'
              ? nameOf(CONSTANTS.generos.map((g) => ({ id: g.codigo, nombre: g.nombre })))
              : name === 'pais_id'
                ? cachedLabels('paises')
                : name === 'departamento_id'
                  ? cachedLabels('departamentos')
                  : name === 'ciudad_id'
                    ? cachedLabels('ciudades')
                    : undefined,
    }),
  );
  const saving = form.busy;
  const text = (name: keyof PersonalValues) => ({
    value: values[name],
    onValueChange: (v: string) => set(name, v),
    error: errors[name],
    disabled: disabled || saving,
  });

  return (
    <form noValidate onSubmit={form.onSubmit} className="grid gap-6" aria-label="Información personal">
      {stale.message && (
        <ConflictBanner
          message={stale.message}
          fields={compared}
          mine={values}
          load={async () => toValues(await load())}
          onReload={() =>
            void load().then((fresh) => {
              // The server's record into the form, and its version for the next save.
              form.setValues(toValues(fresh));
              if (typeof fresh.version === 'number') setSavedVersion(fresh.version);
              stale.clear();
            }, handleSaveError)
          }
        />
      )}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <TextField label="Nombres" required maxLength={100} {...text('nombres')} />
        <TextField label="Apellidos" required maxLength={100} {...text('apellidos')} />
        <SelectField
          label="Tipo de identificación"
          required
          options={tipos.map((t) => ({ value: t.id, label: `${t.codigo} - ${t.nombre}` }))}
          placeholder={initForm.status === 'loading' ? 'Cargando opciones...' : 'Seleccione...'}
          {...text('tipo_identificacion_id')}
        />
        <TextField
          label="Número de identificación"
          required
          maxLength={20}
          hint={
            tipos.find((t) => String(t.id) === values.tipo_identificacion_id)?.codigo === 'NIT'
              ? 'Con dígito de verificación, p. ej. 800197268-4'
              : undefined
          }
          {...text('numero_identificacion')}
        />
        <TextField
          label="Fecha de nacimiento"
          required
          {...DATE_TEXT_PROPS}
          {...text('fecha_nacimiento')}
          onValueChange={(v) => set('fecha_nacimiento', withDashes(v))}
          end={
            <DatePickerButton
              value={values.fecha_nacimiento}
              onPick={(v) => set('fecha_nacimiento', v)}
              disabled={disabled || saving}
              max={new Date().toISOString().slice(0, 10)}
            />
          }
        />
        <SelectField
          label="Género"
          required
          options={CONSTANTS.generos.map((g) => ({ value: g.codigo, label: g.nombre }))}
          {...text('genero')}
        />
        <TextField label="Celular" required type="tel" maxLength={20} {...text('celular')} />
        <LocationFields
          value={values}
          onChange={(loc) => {
            form.rhf.setValue('pais_id', loc.pais_id);
            form.rhf.setValue('departamento_id', loc.departamento_id);
            form.rhf.setValue('ciudad_id', loc.ciudad_id);
          }}
          errors={errors}
          disabled={disabled || saving}
        />
        <TextField label="Dirección" maxLength={200} {...text('direccion')} />
        <SelectField
          label="Nivel educativo"
          options={niveles.map((n) => ({ value: n.id, label: n.nombre }))}
          {...text('nivel_educativo_id')}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={disabled || saving}>
          {saving ? <Spinner /> : <SaveIcon />}
          Guardar
        </Button>
      </div>
    </form>
  );
}
