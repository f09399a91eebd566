/**
 * `/authentication/VideoIdentification`: the authorised person reads a random phrase aloud on camera. A device check
 * first (camera and microphone there and allowed, with the reason in words when not), then for each attempt a new
 * phrase from the server, a recording of at most VIDEO_MAX_SECONDS with a countdown, a preview, and the upload
 * (biz 'video') handed to the application. At most VIDEO_MAX_ATTEMPTS attempts; the server counts them.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, List, Progress, Space, Typography } from 'antd';
import { AudioOutlined, CameraOutlined, CheckCircleOutlined, RedoOutlined, StopOutlined, UploadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FileBiz, VIDEO_MAX_ATTEMPTS, VIDEO_MAX_SECONDS, VIDEO_MIN_SECONDS } from '@mg/domain';
import { isApiError } from '../../../../api';
import { uploadFile } from '../../../../components/upload';
import { useFormatters } from '../../../../components/format';
import { useFlow } from '../context';
import { FlowError, errorCodeOf, useFlowActions } from '../hooks';
import { clock, extensionOf, missingSupport, openCameraAndMicrophone, problemOf, recorderMimeType, stopStream, type DeviceProblem } from '../video';
import { StepIntro } from './StepIntro';

type Phase =
  | { kind: 'checking' }
  | { kind: 'problem'; problem: DeviceProblem }
  | { kind: 'ready' }
  | { kind: 'starting' }
  | { kind: 'recording'; phrase: string; maxSeconds: number; left: number }
  | { kind: 'review'; phrase: string; blob: Blob; url: string; seconds: number }
  | { kind: 'uploading'; phrase: string; blob: Blob; url: string; seconds: number; percent: number }
  | { kind: 'sent' };

export default function VideoIdentificationStep() {
  const { t } = useTranslation();
  const { instant } = useFormatters();
  const { view, data, editable } = useFlow();
  const actions = useFlowActions();
  const recordings = data.videoIdentification?.recordings ?? [];
  const [attemptsLeft, setAttemptsLeft] = useState(view.videoAttemptsLeft);
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' });
  const [error, setError] = useState<string | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const live = useRef<HTMLVideoElement | null>(null);
  const beganRef = useRef(0);
  const maxSecondsRef = useRef(VIDEO_MAX_SECONDS);
  const canRecord = editable && attemptsLeft > 0;

  useEffect(() => setAttemptsLeft(view.videoAttemptsLeft), [view.videoAttemptsLeft]);

  const check = useCallback(async () => {
    setError(null);
    const missing = missingSupport();
    if (missing) {
      setPhase({ kind: 'problem', problem: missing });
      return;
    }
    setPhase({ kind: 'checking' });
    try {
      stopStream(stream.current);
      stream.current = await openCameraAndMicrophone();
      setPhase({ kind: 'ready' });
    } catch (e) {
      setPhase({ kind: 'problem', problem: problemOf(e) });
    }
  }, []);

  // The device check runs when the page opens (nothing to check once no attempt is left or the application is
  // locked); the camera is released when the page closes.
  const checkOnOpen = useRef(canRecord);
  useEffect(() => {
    if (checkOnOpen.current) void check();
    return () => {
      if (recorder.current?.state === 'recording') recorder.current.stop();
      stopStream(stream.current);
      stream.current = null;
    };
  }, [check]);

  // The live picture while getting ready and recording.
  useEffect(() => {
    if (live.current && stream.current && live.current.srcObject !== stream.current) {
      live.current.srcObject = stream.current;
      const playing = live.current.play?.() as Promise<void> | undefined;
      playing?.catch(() => undefined);
    }
  });

  // The preview's object URL lives as long as the preview.
  const previewUrl = phase.kind === 'review' || phase.kind === 'uploading' ? phase.url : null;
  useEffect(() => (previewUrl ? () => URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  // The countdown, from the time the recording began: the recording stops at zero.
  const recording = phase.kind === 'recording';
  useEffect(() => {
    if (!recording) return;
    const timer = setInterval(() => {
      const left = Math.max(0, maxSecondsRef.current - (Date.now() - beganRef.current) / 1000);
      setPhase((p) => (p.kind === 'recording' ? { ...p, left: Math.ceil(left) } : p));
      if (left <= 0 && recorder.current?.state === 'recording') recorder.current.stop();
    }, 250);
    return () => clearInterval(timer);
  }, [recording]);

  const start = async () => {
    if (!stream.current) return;
    setError(null);
    setPhase({ kind: 'starting' });
    let phrase: string;
    let maxSeconds: number;
    try {
      const started = await actions.startVideo();
      phrase = started.phrase;
      maxSeconds = Math.min(started.maxSeconds || VIDEO_MAX_SECONDS, VIDEO_MAX_SECONDS);
      setAttemptsLeft(started.attemptsLeft);
    } catch (e) {
      if (errorCodeOf(e) === FlowError.VIDEO_ATTEMPTS_EXHAUSTED) setAttemptsLeft(0);
      setError(isApiError(e) ? e.message : t('onboarding.flow.video.failed'));
      setPhase({ kind: 'ready' });
      return;
    }
    const mimeType = recorderMimeType();
    const rec = new MediaRecorder(stream.current, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    const began = Date.now();
    beganRef.current = began;
    maxSecondsRef.current = maxSeconds;
    rec.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    rec.onstop = () => {
      const blob = new Blob(chunks, { type: rec.mimeType || mimeType || 'video/webm' });
      const seconds = Math.min(maxSeconds, Math.round((Date.now() - began) / 100) / 10);
      setPhase({ kind: 'review', phrase, blob, url: URL.createObjectURL(blob), seconds });
    };
    recorder.current = rec;
    rec.start(1000);
    setPhase({ kind: 'recording', phrase, maxSeconds, left: maxSeconds });
  };

  const stop = () => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  };

  const send = async () => {
    if (phase.kind !== 'review') return;
    const { blob, seconds } = phase;
    setError(null);
    setPhase({ ...phase, kind: 'uploading', percent: 0 });
    try {
      const type = blob.type.split(';')[0] || 'video/webm';
      const file = new File([blob], `video-identification.${extensionOf(type)}`, { type });
      const stored = await uploadFile(file, FileBiz.VIDEO, (percent) => setPhase((p) => (p.kind === 'uploading' ? { ...p, percent } : p)));
      await actions.recordVideo(stored.id, seconds);
      stopStream(stream.current);
      stream.current = null;
      setPhase({ kind: 'sent' });
    } catch (e) {
      if (errorCodeOf(e) === FlowError.VIDEO_ATTEMPTS_EXHAUSTED) setAttemptsLeft(0);
      setError(isApiError(e) ? e.message : t('onboarding.flow.video.failed'));
      setPhase({ ...phase, kind: 'review' });
    }
  };

  const again = () => {
    if (stream.current) setPhase({ kind: 'ready' });
    else void check();
  };

  // A recording begun (or waiting to be sent) is finished whatever the attempts left say meanwhile.
  const busy = phase.kind === 'starting' || phase.kind === 'recording' || phase.kind === 'review' || phase.kind === 'uploading';
  const showLive = phase.kind === 'ready' || phase.kind === 'starting' || phase.kind === 'recording';

  return (
    <div className="ob-video">
      <StepIntro section="videoIdentification" hint={t('onboarding.flow.intro.videoIdentification', { seconds: VIDEO_MAX_SECONDS })} />
      <Typography.Paragraph data-testid="ob-video-attempts">
        {t('onboarding.flow.video.attemptsLeft', { left: attemptsLeft, max: VIDEO_MAX_ATTEMPTS })}
      </Typography.Paragraph>

      {recordings.length > 0 && (
        <Card size="small" className="ob-gap" title={t('onboarding.flow.video.recorded')} data-testid="ob-video-recordings">
          <List
            size="small"
            dataSource={recordings}
            renderItem={(r) => (
              <List.Item>
                <CheckCircleOutlined className="mg-ok" aria-hidden /> {instant(r.at)} · {t('onboarding.flow.video.seconds', { seconds: Math.round(r.seconds) })} · “{r.phrase}”
              </List.Item>
            )}
          />
        </Card>
      )}

      {!editable ? null : attemptsLeft <= 0 && !busy && phase.kind !== 'sent' ? (
        <Alert type="warning" showIcon message={t('onboarding.flow.video.noAttempts')} data-testid="ob-video-exhausted" />
      ) : (
        <>
          {error && <Alert type="error" showIcon message={error} className="ob-gap" data-testid="ob-video-error" />}
          {phase.kind === 'checking' && (
            <Alert type="info" showIcon icon={<CameraOutlined />} message={t('onboarding.flow.video.checking')} data-testid="ob-device-checking" />
          )}
          {phase.kind === 'problem' && (
            <Alert
              type="error"
              showIcon
              message={t('onboarding.flow.device.title')}
              description={t(`onboarding.flow.device.${phase.problem}`)}
              data-testid="ob-device-problem"
              data-problem={phase.problem}
              action={
                <Button onClick={() => void check()} data-testid="ob-device-retry">
                  {t('onboarding.flow.device.retry')}
                </Button>
              }
            />
          )}
          {phase.kind === 'ready' && (
            <Alert type="success" showIcon icon={<AudioOutlined />} message={t('onboarding.flow.device.ok')} className="ob-gap" data-testid="ob-device-ok" />
          )}
          {phase.kind === 'recording' && (
            <div className="ob-phrase" data-testid="ob-video-phrase-box">
              <div className="ob-muted">{t('onboarding.flow.video.readAloud')}</div>
              <div className="ob-phrase__text" data-testid="ob-video-phrase">
                {phase.phrase}
              </div>
              <Progress percent={Math.round((100 * phase.left) / phase.maxSeconds)} showInfo={false} status="active" />
              <span className="ob-countdown" data-testid="ob-video-countdown">
                {clock(phase.left)}
              </span>
            </div>
          )}
          {showLive && <video ref={live} className="ob-video__live" autoPlay muted playsInline data-testid="ob-video-live" />}
          {(phase.kind === 'review' || phase.kind === 'uploading') && (
            <div className="ob-gap">
              <Typography.Text type="secondary">{t('onboarding.flow.video.preview', { phrase: phase.phrase })}</Typography.Text>
              <video src={phase.url} className="ob-video__live" controls playsInline data-testid="ob-video-preview" />
              {phase.kind === 'uploading' && <Progress percent={phase.percent} data-testid="ob-video-progress" />}
            </div>
          )}
          {phase.kind === 'sent' && <Alert type="success" showIcon message={t('onboarding.flow.video.sent')} className="ob-gap" data-testid="ob-video-sent" />}
          <Space wrap className="ob-gap">
            {(phase.kind === 'ready' || phase.kind === 'starting') && (
              <Button type="primary" icon={<VideoCameraOutlined />} onClick={() => void start()} loading={phase.kind === 'starting'} data-testid="ob-video-record">
                {t('onboarding.flow.video.record', { seconds: VIDEO_MAX_SECONDS })}
              </Button>
            )}
            {phase.kind === 'recording' && (
              // Too short to say the phrase: stopping is offered once VIDEO_MIN_SECONDS have been recorded.
              <Button danger icon={<StopOutlined />} onClick={stop} disabled={phase.maxSeconds - phase.left < VIDEO_MIN_SECONDS} data-testid="ob-video-stop">
                {t('onboarding.flow.video.stop')}
              </Button>
            )}
            {(phase.kind === 'review' || phase.kind === 'uploading') && (
              <>
                <Button type="primary" icon={<UploadOutlined />} onClick={() => void send()} loading={phase.kind === 'uploading'} data-testid="ob-video-upload">
                  {t('onboarding.flow.video.send')}
                </Button>
                <Button icon={<RedoOutlined />} onClick={again} disabled={phase.kind === 'uploading'} data-testid="ob-video-again">
                  {t('onboarding.flow.video.again')}
                </Button>
              </>
            )}
            {phase.kind === 'sent' && attemptsLeft > 0 && (
              <Button icon={<RedoOutlined />} onClick={again} data-testid="ob-video-again">
                {t('onboarding.flow.video.again')}
              </Button>
            )}
          </Space>
        </>
      )}
    </div>
  );
}
