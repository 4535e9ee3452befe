// image-to-video, locally: a camera move over the still, chosen from the prompt's words
// (the video styles' prompts name their motion), as a WebM/VP8 clip.
import { makeCameraClip, type CameraMove } from '../../media/clip.ts';

const MOVES: [RegExp, CameraMove][] = [
  [/\b360\b|turn|rotat|spin|orbit/i, 'turn'],
  [/runway|catwalk|walk|push/i, 'push-in'],
  [/cinematic|pan|sweep|dolly|track/i, 'pan'],
  [/casual|sway|relax|natural|handheld|breez/i, 'sway'],
  [/zoom|close/i, 'zoom-in'],
];

export function moveForPrompt(prompt: string | undefined): CameraMove {
  if (!prompt) return 'zoom-in';
  for (const [re, move] of MOVES) if (re.test(prompt)) return move;
  return 'zoom-in';
}

export const VIDEO_WIDTH = 720;
export const VIDEO_HEIGHT = 1080;

export function renderVideo(image: Buffer, prompt: string | undefined, seconds: 5 | 10): Promise<Buffer> {
  return makeCameraClip(image, moveForPrompt(prompt), {
    width: VIDEO_WIDTH,
    height: VIDEO_HEIGHT,
    seconds,
    fps: 24,
  });
}
