// A dialog holding a form that is sent once (contact us, contact sales): the form and its field
// errors, checked on submit and sent through a mutation; a success shows its message and closes
// the dialog after `successMs`; closing after a success or a failure starts the next opening
// afresh (a form closed while it is being filled keeps what was typed). How the form is filled
// when the dialog opens is the dialog's own (setForm).
import { type FormEvent, useEffect, useEffectEvent, useState } from 'react';

interface SendOnce<T> {
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  mutate: (input: T) => void;
  reset: () => void;
}

export function useFormDialog<T, E extends object>({
  onClose,
  blank,
  validate,
  submit,
  successMs,
}: {
  onClose: () => void;
  blank: () => T;
  /** the field errors of a form; none: it may be sent */
  validate: (form: T) => E;
  submit: SendOnce<T>;
  successMs: number;
}) {
  const [form, setForm] = useState<T>(blank);
  const [errors, setErrors] = useState<Partial<E>>({});

  const reset = () => {
    setForm(blank());
    setErrors({});
    submit.reset();
  };
  const finish = useEffectEvent(() => {
    onClose();
    reset();
  });
  useEffect(() => {
    if (!submit.isSuccess) return;
    const timer = setTimeout(finish, successMs);
    return () => clearTimeout(timer);
  }, [submit.isSuccess, successMs]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length > 0 || submit.isPending) return;
    submit.mutate(form);
  };
  const close = () => {
    onClose();
    if (submit.isSuccess || submit.isError) reset();
  };
  return { form, setForm, errors, onSubmit, close };
}
