import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Icon, Skeleton, Spinner, buttonClass } from '../../../ui/index.ts';
import { serverCode } from '../../../lib/errors/index.ts';
import { formatNumber } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSupabase } from '../../../lib/use-supabase.ts';
import { useUser } from '../../auth/index.ts';
import { StoredImage } from '../../projects/components.ts';
import { useCleanAllowed, resultSource, TYPE_LABELS } from '../../projects/index.ts';
import { CreditNotice } from '../../tools/components.ts';
import { type VideoProject, videoProjectQueryOptions, videoStylesQueryOptions } from '../api.ts';
import { firstResult, isEligible } from '../eligible.ts';
import { useRequestVideo } from '../hooks/use-request-video.ts';
import { useVideoAccess } from '../hooks/use-video-access.ts';
import { videoMessages } from '../messages.ts';
import {
  CUSTOM_STYLE,
  type StyleChoice,
  type VideoProblem,
  cleanDescription,
  generateDisabled,
  videoProblem,
} from '../rules.ts';
import { CustomStyleCard } from './custom-style-card.tsx';
import { StyleCard } from './style-card.tsx';
import { UpgradeNotice } from './upgrade-notice.tsx';
import * as s from './video.css.ts';
import { shownProjectName } from '../../../lib/default-names.ts';

const SOURCE_SIZE = { width: 680, height: 1020, resize: 'cover' as const, quality: 80 };

function SourcePanel({ project }: { project: VideoProject }) {
  const { t, i18n } = useLingui();
  const cleanAllowed = useCleanAllowed();
  const type =
    project.type in TYPE_LABELS
      ? i18n._(TYPE_LABELS[project.type as keyof typeof TYPE_LABELS])
      : project.type;
  return (
    <aside className={s.source} aria-label={t`The project`}>
      <StoredImage
        source={resultSource(firstResult(project.images), cleanAllowed)}
        size={SOURCE_SIZE}
        alt={t`Generated image of ${shownProjectName(project.name)}`}
        className={s.sourceImage}
        eager
      />
      <div>
        <p className={s.sourceName}>{shownProjectName(project.name)}</p>
        <p className={s.sourceMeta}>{type}</p>
      </div>
    </aside>
  );
}

function StyleGridSkeleton() {
  const { t } = useLingui();
  return (
    <ul className={s.styleGrid} aria-busy="true" aria-label={t`Loading video styles`}>
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i}>
          <Skeleton height="auto" radius="14px" style={{ aspectRatio: '2 / 3', display: 'block' }} />
        </li>
      ))}
    </ul>
  );
}

const PROBLEM_WORDS: Record<Exclude<VideoProblem, null | 'credits'>, typeof videoMessages.styleRequired> = {
  'style-required': videoMessages.styleRequired,
  'custom-required': videoMessages.customRequired,
  'custom-locked': videoMessages.advancedOnly,
};

export function CreateVideoPage({ projectId }: { projectId: string }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Create Video`);
  const client = useSupabase();
  const user = useUser();
  const access = useVideoAccess();
  const project = useQuery(videoProjectQueryOptions(client, user.id, projectId));
  const styles = useQuery(videoStylesQueryOptions(client));
  const request = useRequestVideo();
  const [choice, setChoice] = useState<StyleChoice>({ style: null, custom: '' });
  const [problem, setProblem] = useState<VideoProblem>(null);

  const p = project.data;
  const busyVideo = p?.video_status === 'pending' || p?.video_status === 'processing';
  const priceValue = access.price ?? 3;
  const balance = formatNumber(access.remaining ?? 0, currentLocale());
  const done = request.isSuccess;

  const choose = (style: string) => {
    setChoice((c) => ({ ...c, style }));
    setProblem(null);
    request.reset();
  };

  const generate = () => {
    if (!p) return;
    const why = videoProblem(choice, {
      customAllowed: access.customStyle,
      enoughCredits: access.enoughCredits,
    });
    setProblem(why);
    if (why) return;
    request.mutate({
      projectId: p.id,
      style: choice.style as string,
      customDescription: choice.style === CUSTOM_STYLE ? cleanDescription(choice.custom) : null,
    });
  };

  const header = (
    <header className={s.header}>
      <Link to="/video/select-project" className={s.back}>
        <Icon name="arrowLeft" size={16} />
        <Trans>Choose another project</Trans>
      </Link>
      <h1 className={s.title}>
        <Trans>Create Video</Trans>
      </h1>
      <p className={s.lead}>
        <Trans>
          Pick a style: hover over a card (or tap it) to see it move. The video takes about 1-2 minutes.
        </Trans>
      </p>
    </header>
  );

  if (project.isError || styles.isError) {
    return (
      <div className={s.page}>
        {header}
        <Alert tone="error">
          <p>{i18n._(videoMessages.loadProject)}</p>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              void project.refetch();
              void styles.refetch();
            }}
          >
            <Trans>Retry</Trans>
          </Button>
        </Alert>
      </div>
    );
  }

  if (project.isSuccess && (!p || !isEligible(p))) {
    return (
      <div className={s.page}>
        {header}
        <Alert tone="warning">
          <p>{i18n._(p ? videoMessages.notEligible : videoMessages.notFound)}</p>
          <Link to="/video/select-project">
            <Trans>Choose a finished project</Trans>
          </Link>
        </Alert>
      </div>
    );
  }

  const creditsProblem = problem === 'credits' || serverCode(request.error)?.code === 'insufficient_credits';
  const insufficientNow = access.video && !access.enoughCredits && !creditsProblem;

  return (
    <div className={s.page}>
      {header}
      {access.known && !access.video && <UpgradeNotice />}
      {p?.video_status === 'failed' && !request.isSuccess && (
        <Alert tone="warning">
          <p>{i18n._(videoMessages.generateFailed)}</p>
          <p>
            <Trans>The credits for that video were returned. Choose a style to make it again.</Trans>
          </p>
        </Alert>
      )}
      {busyVideo && p && (
        <Alert tone="info">
          <p>{i18n._(videoMessages.inProgress)}</p>
          <Link to="/projects/$projectId" params={{ projectId: p.id }}>
            <Trans>View project</Trans>
          </Link>
        </Alert>
      )}

      <div className={s.layout}>
        {p ? (
          <SourcePanel project={p} />
        ) : (
          <Skeleton height="auto" radius="14px" style={{ aspectRatio: '2 / 3', display: 'block' }} />
        )}

        <section className={s.styles} aria-labelledby="video-styles-title">
          <h2 id="video-styles-title" className={s.sectionTitle}>
            <Trans>Video style</Trans>
          </h2>
          {styles.isPending ? (
            <StyleGridSkeleton />
          ) : (
            <ul className={s.styleGrid} aria-label={t`Video styles`}>
              {styles.data.map((style) => (
                <li key={style.id}>
                  <StyleCard
                    style={style}
                    selected={choice.style === style.id}
                    onSelect={() => choose(style.id)}
                  />
                </li>
              ))}
              <CustomStyleCard
                allowed={access.customStyle}
                selected={choice.style === CUSTOM_STYLE}
                description={choice.custom}
                onSelect={() => choose(CUSTOM_STYLE)}
                onSave={(text) => setChoice({ style: CUSTOM_STYLE, custom: text })}
              />
            </ul>
          )}

          {insufficientNow && (
            <CreditNotice message={videoMessages.notEnoughCredits} remaining={access.remaining} />
          )}
          {creditsProblem && (
            <CreditNotice message={videoMessages.notEnoughCredits} remaining={access.remaining} />
          )}
          {problem && problem !== 'credits' && <Alert tone="error">{i18n._(PROBLEM_WORDS[problem])}</Alert>}
          {request.errorText && !creditsProblem && <Alert tone="error">{request.errorText}</Alert>}
          {done && (
            <Alert tone="success">
              <p>{i18n._(videoMessages.submitted)}</p>
              <p>
                <Trans>Opening your project…</Trans>
              </p>
            </Alert>
          )}

          <div className={s.generateBar}>
            <div className={s.cost}>
              <span className={s.costStrong}>
                <Icon name="coins" size={16} />
                <Plural value={priceValue} one="# credit per video" other="# credits per video" />
              </span>
              <span>
                <Trans>Available credits: {balance}</Trans>
              </span>
            </div>
            {access.known && !access.video ? (
              <Link to="/pricing" className={buttonClass({ variant: 'accent' })}>
                <Icon name="sparkles" size={18} />
                <Trans>Upgrade to Advanced</Trans>
              </Link>
            ) : (
              <Button
                size="lg"
                onClick={generate}
                loading={request.isPending}
                disabled={!p || request.isPending || done || busyVideo || generateDisabled(choice)}
              >
                {done ? <Spinner size={18} /> : <Icon name="video" size={18} />}
                <Trans>Generate Video</Trans>
              </Button>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
