/**
 * The browser side of video identification: is there a camera and a microphone we may use (getUserMedia, with the
 * reason in words when not), and what the recorder can write (WebM, else MP4: the types the server takes).
 */

export type DeviceProblem = 'unsupported' | 'noRecorder' | 'denied' | 'notFound' | 'inUse' | 'failed';

/** Why the camera and microphone cannot be used, from getUserMedia's error. */
export function deviceProblemOf(e: unknown): DeviceProblem {
  const name = e instanceof Error || (typeof e === 'object' && e !== null && 'name' in e) ? String((e as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'notFound';
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'inUse';
  return 'failed';
}

/** What the browser lacks before anything is asked: getUserMedia (old browser, or not https) or MediaRecorder. */
export function missingSupport(): DeviceProblem | null {
  if (typeof navigator === 'undefined' || typeof navigator.mediaDevices?.getUserMedia !== 'function') return 'unsupported';
  if (typeof MediaRecorder === 'undefined') return 'noRecorder';
  return null;
}

/** Asks for the camera and the microphone; rejects with the problem. A stream without both is refused too. */
export async function openCameraAndMicrophone(): Promise<MediaStream> {
  const missing = missingSupport();
  if (missing) throw Object.assign(new Error(missing), { problem: missing });
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
  } catch (e) {
    throw Object.assign(new Error('getUserMedia'), { problem: deviceProblemOf(e) });
  }
  if (stream.getVideoTracks().length === 0 || stream.getAudioTracks().length === 0) {
    stopStream(stream);
    throw Object.assign(new Error('tracks'), { problem: 'notFound' as DeviceProblem });
  }
  return stream;
}

export function problemOf(e: unknown): DeviceProblem {
  return typeof e === 'object' && e !== null && 'problem' in e ? ((e as { problem: DeviceProblem }).problem ?? 'failed') : 'failed';
}

export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

const MIME_CHOICES = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];

/** The first container the recorder can write; undefined: its own default. */
export function recorderMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function') return undefined;
  return MIME_CHOICES.find((m) => MediaRecorder.isTypeSupported(m));
}

export function extensionOf(mime: string): string {
  return mime.startsWith('video/mp4') ? 'mp4' : 'webm';
}

/** `0:27` of a number of seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
