import { CancelSection } from './cancel-section.tsx';
import { LanguageSection } from './language-section.tsx';
import { NotificationsSection } from './notifications-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import * as s from './settings.css.ts';

export function AccountTab() {
  return (
    <div className={s.panel}>
      <LanguageSection />
      <NotificationsSection />
      <ProfileSection />
      <PasswordSection />
      <CancelSection />
    </div>
  );
}
