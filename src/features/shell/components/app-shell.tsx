import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMediaQuery, MOBILE_QUERY } from '../../../lib/use-media-query.ts';
import { localSettings } from '../../../lib/local-settings.ts';
import { LowCreditsModal } from '../../subscription/components.ts';
import { LiveProjectUpdates } from '../../notifications/components.ts';
import { useUser } from '../../auth/index.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useQueryClient } from '@tanstack/react-query';
import { afterFirstPictures } from '../../../lib/first-pictures.ts';
import { whenIdle } from '../../../lib/when-idle.ts';
import { Header } from './header.tsx';
import { Sidebar } from './sidebar.tsx';
import { OfflineNotice } from './offline-notice.tsx';
import * as s from './app-shell.css.ts';

const COLLAPSED_KEY = 'drape.sidebarCollapsed';

/** The signed-in frame: sidebar (a drawer on phones), header, and the page. */
export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [collapsed, setCollapsed] = useState(() => localSettings.read(COLLAPSED_KEY) === 'true');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerRef = useRef<HTMLDialogElement>(null);
  const pathname = useRouterState({ select: (st) => st.location.pathname });
  const userId = useUser().id;

  const client = useSupabase();
  const queryClient = useQueryClient();

  // photos queued offline upload from whatever screen the seller is on, and the catalogue's
  // lists are kept on the device for a shoot started offline
  useEffect(() => {
    let stop: (() => void) | undefined;
    let ended = false;
    const cancel = whenIdle(() => {
      if (ended) return;
      void import('../../wizard/background.ts').then(({ keepUploadsGoing, keepCatalogueOnDevice }) => {
        if (ended) return;
        stop = keepUploadsGoing(userId);
        // not while the screen's first pictures load (lib/first-pictures.ts)
        afterFirstPictures(() => !ended && void keepCatalogueOnDevice(client, queryClient));
      });
    });
    return () => {
      ended = true;
      cancel();
      stop?.();
    };
  }, [userId, client, queryClient]);

  useEffect(() => {
    const el = drawerRef.current;
    if (!el) return;
    if (drawerOpen && isMobile && !el.open) el.showModal();
    if ((!drawerOpen || !isMobile) && el.open) el.close();
  }, [drawerOpen, isMobile]);

  // A new page closes the drawer (state adjusted while rendering, not in an effect).
  const [drawerPath, setDrawerPath] = useState(pathname);
  if (drawerPath !== pathname) {
    setDrawerPath(pathname);
    setDrawerOpen(false);
  }

  const toggle = () => {
    if (isMobile) setDrawerOpen(true);
    else
      setCollapsed((c) => {
        localSettings.write(COLLAPSED_KEY, String(!c));
        return !c;
      });
  };

  return (
    <div className={s.shell} data-collapsed={!isMobile && collapsed}>
      <a href="#main" className={s.skipLink}>
        <Trans>Skip to content</Trans>
      </a>
      {!isMobile && (
        <aside className={s.sidebarSlot}>
          <div className={s.sidebarSticky}>
            <Sidebar collapsed={collapsed} />
          </div>
        </aside>
      )}
      {isMobile && (
        // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape (onCancel) is the keyboard way
        <dialog
          ref={drawerRef}
          className={s.drawer}
          aria-label={t`Navigation`}
          onCancel={(e) => {
            e.preventDefault();
            setDrawerOpen(false);
          }}
          onClick={(e) => e.target === e.currentTarget && setDrawerOpen(false)}
        >
          {drawerOpen && <Sidebar onNavigate={() => setDrawerOpen(false)} />}
        </dialog>
      )}
      <div className={s.column}>
        <Header
          isMobile={isMobile}
          sidebarOpen={isMobile ? drawerOpen : !collapsed}
          onToggleSidebar={toggle}
        />
        <OfflineNotice />
        <main id="main" className={s.main} tabIndex={-1}>
          {children}
        </main>
      </div>
      <LowCreditsModal />
      <LiveProjectUpdates />
    </div>
  );
}
