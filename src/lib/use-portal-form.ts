import { useEffect, useRef } from 'react';
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { useLocale } from './i18n/locale';

/**
 * Every form's react-hook-form, whose messages follow a change of language: a message its rules
 * gave (the zod schema's, read from the catalogue when the field was checked) is made again in the
 * new language by checking the field again, with what is typed now. What a screen set from the
 * gateway's answer (type `server`) stays as it is.
 */
export function usePortalForm<TFieldValues extends FieldValues, TContext = unknown, TTransformedValues = TFieldValues>(
  props: UseFormProps<TFieldValues, TContext, TTransformedValues>,
): UseFormReturn<TFieldValues, TContext, TTransformedValues> {
  const form = useForm(props);
  const locale = useLocale();
  const checkedIn = useRef(locale);
  useEffect(() => {
    if (checkedIn.current === locale) return;
    checkedIn.current = locale;
    const shown = (Object.keys(form.formState.errors) as Path<TFieldValues>[]).filter((name) => {
      const type = form.getFieldState(name).error?.type;
      return name !== 'root' && type !== undefined && type !== 'server';
    });
    if (shown.length > 0) void form.trigger(shown);
  }, [form, locale]);
  return form;
}
