import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Button, Icon } from '../../../ui/index.ts';
import { GENERAL_TIPS, TipsDialog } from '../../create/components.ts';
import type { Flow } from '../model/steps.ts';
import * as s from './upload.css.ts';

/** What works best and what to avoid (a flat-lay and a mannequin photo have their own); flat-lay adds
 *  the photo combiner for full outfits. */
export function UploadTips({ flow }: { flow: Flow }) {
  const [tipsOpen, setTipsOpen] = useState(false);
  return (
    <aside className={s.tips} aria-labelledby="upload-tips-title">
      <h2 id="upload-tips-title" className={s.tipsTitle}>
        <Icon name="checkCircle" size={18} />
        <Trans>What works best</Trans>
      </h2>
      <ul className={s.tipsList}>
        {flow === 'flat-lay' ? (
          <>
            <li>
              <Trans>The garment laid flat, photographed from straight above</Trans>
            </li>
            <li>
              <Trans>Smooth out creases and fold the sleeves neatly</Trans>
            </li>
          </>
        ) : flow === 'mannequin' ? (
          <>
            <li>
              <Trans>The whole garment on the mannequin or dress form, front facing, at chest height</Trans>
            </li>
            <li>
              <Trans>Fitted and buttoned as it is worn; the mannequin's neck and stand may show</Trans>
            </li>
            <li>
              <Trans>A mannequin in one plain colour that differs from the garment's</Trans>
            </li>
          </>
        ) : (
          <>
            <li>
              <Trans>The whole garment, front facing, on a hanger or a mannequin</Trans>
            </li>
            <li>
              <Trans>One garment per photo</Trans>
            </li>
          </>
        )}
        <li>
          <Trans>Even daylight, a plain light background</Trans>
        </li>
        <li>
          <Trans>At least 500 × 500 pixels; phone photos are fine</Trans>
        </li>
      </ul>
      <h2 className={s.tipsTitle}>
        <Icon name="xCircle" size={18} />
        <Trans>What to avoid</Trans>
      </h2>
      <ul className={s.tipsList}>
        <li>
          <Trans>People, hands or other products in the frame</Trans>
        </li>
        {flow === 'mannequin' && (
          <li>
            <Trans>A busy shop window behind the mannequin, or several mannequins in one photo</Trans>
          </li>
        )}
        <li>
          <Trans>Strong shadows, blur and heavy filters</Trans>
        </li>
        <li>
          <Trans>Lingerie, sheer or provocative clothing (see the content guidelines)</Trans>
        </li>
      </ul>
      {flow === 'flat-lay' && (
        <p className={s.dropHint}>
          <Trans>A top and a bottom in two photos?</Trans>{' '}
          <Link to="/tools/photo-combiner" className={s.tipsLink}>
            <Trans>Combine them into one outfit photo first</Trans>
          </Link>
        </p>
      )}
      <Link to="/content-guidelines" className={s.tipsLink}>
        <Trans>Content guidelines</Trans>
      </Link>
      <Button variant="secondary" size="sm" onClick={() => setTipsOpen(true)}>
        <Icon name="info" size={16} />
        <Trans>Photo tips</Trans>
      </Button>
      <TipsDialog open={tipsOpen} onClose={() => setTipsOpen(false)} tips={GENERAL_TIPS} />
    </aside>
  );
}
