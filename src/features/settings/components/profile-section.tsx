import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, TextField, toast } from '../../../ui/index.ts';
import { useProfile, useUpdateName, useUpdatePhone } from '../../profile/index.ts';
import { SETTINGS_TOAST_MS } from '../api.ts';
import { SettingsSection } from './settings-section.tsx';
import * as s from './settings.css.ts';

/** Full name and phone number, each saved on its own. */
export function ProfileSection() {
  const { t } = useLingui();
  const { data: profile } = useProfile();
  const updateName = useUpdateName();
  const updatePhone = useUpdatePhone();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [nameRequired, setNameRequired] = useState(false);
  const [phoneRequired, setPhoneRequired] = useState(false);
  const nameError = nameRequired ? t`Full name is required` : updateName.errorText;
  const phoneError = phoneRequired ? t`Phone number is required` : updatePhone.errorText;

  useEffect(() => {
    setName(profile?.full_name ?? '');
    setPhone(profile?.phone_number ?? '');
  }, [profile?.full_name, profile?.phone_number]);

  const saveName = (e: FormEvent) => {
    e.preventDefault();
    updateName.reset();
    setNameRequired(!name.trim());
    if (!name.trim()) return;
    updateName.mutate(name, {
      onSuccess: () =>
        toast.show({ tone: 'success', title: t`Name updated successfully`, duration: SETTINGS_TOAST_MS }),
    });
  };

  const savePhone = (e: FormEvent) => {
    e.preventDefault();
    updatePhone.reset();
    setPhoneRequired(!phone.trim());
    if (!phone.trim()) return;
    updatePhone.mutate(phone, {
      onSuccess: () =>
        toast.show({
          tone: 'success',
          title: t`Phone number updated successfully`,
          duration: SETTINGS_TOAST_MS,
        }),
    });
  };

  return (
    <SettingsSection
      title={<Trans>Profile</Trans>}
      description={<Trans>How we greet you and how we can reach you.</Trans>}
    >
      <form className={s.fields} onSubmit={saveName} noValidate>
        {nameError && <Alert tone="error">{nameError}</Alert>}
        <TextField
          label={<Trans>Full name</Trans>}
          name="fullName"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <div className={s.actions}>
          <Button
            type="submit"
            variant="secondary"
            loading={updateName.isPending}
            disabled={name.trim() === (profile?.full_name ?? '')}
          >
            <Trans>Save name</Trans>
          </Button>
        </div>
      </form>
      <form className={s.fields} onSubmit={savePhone} noValidate>
        {phoneError && <Alert tone="error">{phoneError}</Alert>}
        <TextField
          label={<Trans>Phone number</Trans>}
          name="phone"
          type="tel"
          autoComplete="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
        <div className={s.actions}>
          <Button
            type="submit"
            variant="secondary"
            loading={updatePhone.isPending}
            disabled={phone.trim() === (profile?.phone_number ?? '')}
          >
            <Trans>Save phone number</Trans>
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
