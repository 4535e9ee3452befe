// Video from a finished project, end to end: select the project, choose a style, request the
// video (request_project_video: Advanced, 3 credits), land on the project page 1.5 s later,
// and watch the video the engine makes (local renderer: a WebM) arrive live and play. Also:
// a video the provider refuses is refunded once; too few credits; no style; Lite's locks.
import { expect, test } from '../support/fixtures.ts';
import { creditsOf, eventually, ledgerOf, openAs, sellerOnPlan, setCredits } from '../tools/tool-support.ts';
import { finishedProject, seedFinishedProjects, videoStateOf } from './video-support.ts';
import { afterNextPaint } from '../support/settled.ts';

test('an Advanced seller turns a finished project into a video that arrives live and plays', async ({
  page,
  stack,
}) => {
  test.setTimeout(180_000);
  const seller = await sellerOnPlan(stack, 'advanced');
  const projectId = await finishedProject(stack, seller, 'Linen summer shirt');
  const before = await creditsOf(stack, seller.id);
  await openAs(page, stack, seller);

  await page.goto('/video/select-project');
  await expect(page.getByRole('heading', { name: 'Create Video', level: 1 })).toBeVisible();
  const card = page.getByTestId('video-project').filter({ hasText: 'Linen summer shirt' });
  await expect(card).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await card.click();
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/video/create/${projectId}$`));

  // the generated image, five styles and the custom card
  await expect(page.getByRole('img', { name: 'Generated image of Linen summer shirt' })).toBeVisible();
  await expect(page.getByTestId(/^video-style-/)).toHaveCount(6);
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page.getByText('Please select a video style')).toBeVisible();
  expect((await videoStateOf(stack, projectId)).video_status).toBeNull();

  await page.getByTestId('video-style-zoom-in').click();
  await expect(page.getByTestId('video-style-zoom-in')).toHaveAttribute('aria-pressed', 'true');
  // the chosen style's clip plays in its card
  await expect(page.getByTestId('video-style-zoom-in').locator('video')).toHaveCount(1);
  await page.getByRole('button', { name: 'Generate Video' }).click();
  const submitted = Date.now();
  await expect(page.getByText('Video generation request submitted successfully!').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`), { timeout: 5000 });
  expect(Date.now() - submitted).toBeGreaterThanOrEqual(1400);

  const requested = await videoStateOf(stack, projectId);
  expect(requested.video_style).toBe('zoom-in');
  expect(['pending', 'processing', 'completed']).toContain(requested.video_status);
  expect(await creditsOf(stack, seller.id)).toBeCloseTo(before - 3, 2);

  // the engine finishes it; the page shows it without a reload
  const done = await eventually(
    () => videoStateOf(stack, projectId),
    (v) => v.video_status !== 'pending' && v.video_status !== 'processing',
    120_000,
  );
  expect(done.video_status).toBe('completed');
  expect(done.video_path).toMatch(new RegExp(`^${seller.id}/${projectId}/.+\\.(webm|mp4)$`));
  await page.getByRole('button', { name: 'View Video' }).click();
  const video = page.getByLabel('Video of Linen summer shirt');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
  expect(await creditsOf(stack, seller.id)).toBeCloseTo(before - 3, 2);
});

test('a video the provider refuses is refunded once and the project says it failed', async ({
  page,
  stack,
}) => {
  test.setTimeout(180_000);
  const seller = await sellerOnPlan(stack, 'advanced');
  const projectId = await finishedProject(stack, seller, 'Wool coat');
  const before = await creditsOf(stack, seller.id);
  await openAs(page, stack, seller);
  await page.goto(`/video/create/${projectId}`);

  // a custom style: Save and Generate stay disabled until it says something
  await page.getByTestId('video-style-custom').click();
  const text = page.getByRole('textbox', { name: 'Describe your video style' });
  await expect(text).toBeFocused();
  await text.fill('   ');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Generate Video' })).toBeDisabled();
  // the local FASHN endpoint refuses a prompt that says __reject__ (content moderation)
  await text.fill('Slow turn __reject__');
  await text.press('Enter');
  await expect(page.getByText('Slow turn __reject__')).toBeVisible();
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`), { timeout: 5000 });

  const failed = await eventually(
    () => videoStateOf(stack, projectId),
    (v) => v.video_status === 'failed',
    120_000,
  );
  expect(failed.video_style).toBe('custom');
  await expect(page.getByText('Video generation failed')).toBeVisible();
  expect(await creditsOf(stack, seller.id)).toBeCloseTo(before, 2);
  const moves = (await ledgerOf(stack, seller.id)).filter(
    (l) => l.reason === 'video' || l.reason === 'refund',
  );
  expect(moves).toEqual([
    { reason: 'video', amount: -3 },
    { reason: 'refund', amount: 3 },
  ]);

  // back on the video screen the failure is said and a new request can go
  await page.goto(`/video/create/${projectId}`);
  await expect(page.getByText('Error generating video. Please try again.')).toBeVisible();
  await page.getByTestId('video-style-360-motion').click();
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`), { timeout: 5000 });
  expect((await videoStateOf(stack, projectId)).video_style).toBe('360-motion');
  expect(await creditsOf(stack, seller.id)).toBeCloseTo(before - 3, 2);
});

test('too few credits: the video’s own message, nothing charged or requested', async ({ page, stack }) => {
  const seller = await sellerOnPlan(stack, 'advanced');
  const [projectId] = await seedFinishedProjects(stack, seller, ['Silk scarf']);
  await setCredits(stack, seller.id, 2);
  await openAs(page, stack, seller);
  await page.goto(`/video/create/${projectId}`);
  await expect(page.getByText('Not enough credits. Video generation requires 3 credits.')).toBeVisible();
  await page.getByTestId('video-style-runway-walk').click();
  let requests = 0;
  page.on('request', (r) => r.url().includes('/rpc/request_project_video') && requests++);
  await page.getByRole('button', { name: 'Generate Video' }).click();
  await expect(page.getByText('Not enough credits. Video generation requires 3 credits.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Purchase credits' }).first()).toHaveAttribute(
    'href',
    '/pricing',
  );
  // the refusal is decided before the request would leave
  await afterNextPaint(page);
  expect(requests).toBe(0);
  expect((await videoStateOf(stack, projectId)).video_status).toBeNull();
  expect(await creditsOf(stack, seller.id)).toBeCloseTo(2, 2);
});

test('selection: search by name or type, 8 a page, empty state', async ({ page, stack }) => {
  const seller = await sellerOnPlan(stack, 'advanced');
  await openAs(page, stack, seller);
  await page.goto('/video/select-project');
  await expect(
    page.getByText('No completed projects found. Create and complete a project first.'),
  ).toBeVisible();

  const names = Array.from({ length: 10 }, (_, i) => `Dress ${i + 1}`);
  await seedFinishedProjects(stack, seller, names, { type: (i) => (i === 9 ? 'flat-lay' : 'on-model') });
  await page.reload();
  await expect(page.getByTestId('video-project')).toHaveCount(8);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('video-project')).toHaveCount(2);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search projects' });
  await search.fill('flat');
  await expect(page.getByTestId('video-project')).toHaveCount(1);
  await expect(page.getByTestId('video-project')).toContainText('Dress 10');
  await search.fill('DRESS 1');
  await expect(page.getByTestId('video-project')).toHaveCount(2); // Dress 1 and Dress 10
  await search.fill('nothing like this');
  await expect(page.getByText('No projects match “nothing like this”.')).toBeVisible();
});

test('4 columns on a large screen', async ({ page, stack }) => {
  const seller = await sellerOnPlan(stack, 'advanced');
  await seedFinishedProjects(stack, seller, ['A', 'B', 'C', 'D', 'E']);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, stack, seller);
  await page.goto('/video/select-project');
  const cards = page.getByTestId('video-project');
  await expect(cards).toHaveCount(5);
  const tops = await cards.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
  expect(new Set(tops.slice(0, 4)).size).toBe(1);
  expect(tops[4]).toBeGreaterThan(tops[0]);
});

test('a Lite seller sees the locks: tools, video selection and video creation', async ({ page, stack }) => {
  const seller = await sellerOnPlan(stack, 'lite');
  const [projectId] = await seedFinishedProjects(stack, seller, ['Cotton tee']);
  await openAs(page, stack, seller);

  await page.goto('/tools');
  for (const tool of ['custom-model-creator', 'batch-processor']) {
    const card = page.getByTestId(`tool-${tool}`);
    await expect(card.getByText('Available only in Advanced Plan')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Upgrade to Advanced' })).toHaveAttribute('href', '/pricing');
  }
  await expect(
    page.getByTestId('tool-photo-combiner').getByRole('link', { name: 'Photo Combiner' }),
  ).toBeVisible();
  // the Image Enhancer is open to every paid plan
  await expect(
    page.getByTestId('tool-image-enhancer').getByRole('link', { name: 'Image Enhancer' }),
  ).toBeVisible();

  await page.goto('/video/select-project');
  await expect(page.getByTestId('video-upgrade')).toBeVisible();

  await page.goto(`/video/create/${projectId}`);
  await expect(page.getByTestId('video-style-custom')).toBeDisabled();
  await expect(page.getByText('Available only in Advanced Plan').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Video' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Upgrade to Advanced' }).first()).toHaveAttribute(
    'href',
    '/pricing',
  );
});

test('the video screens in Greek', async ({ page, stack }) => {
  const seller = await sellerOnPlan(stack, 'advanced');
  const [projectId] = await seedFinishedProjects(stack, seller, ['Φόρεμα']);
  await openAs(page, stack, seller, 'el');
  await page.goto(`/video/create/${projectId}`);
  await expect(page.getByRole('heading', { name: 'Δημιουργία βίντεο', level: 1 })).toBeVisible();
  await expect(page.getByTestId('video-style-zoom-in')).toContainText('Ζουμ');
  await page.getByRole('button', { name: 'Δημιουργία βίντεο' }).click();
  await expect(page.getByText('Επιλέξτε στυλ βίντεο')).toBeVisible();
});
