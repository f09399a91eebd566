/**
 * The upload field (spec §4 "Upload item", §5 image-only fields, §9 widget defaults; issue 14). Its value is the
 * list of stored files (`FileView[]`); each picked file becomes an item that is uploading (with its percent), done,
 * or in error (with the reason, retry or remove), and leaves the list when removed (its upload is cancelled). The
 * list is handed to `onChange` only when every item is done. With `maxCount` (> 0) a new file replaces the oldest
 * and the last N are kept (0: no limit). Files are checked before anything is sent: the type by the browser's MIME
 * type (the server checks the bytes again), the size, and "contains image" for image-only fields.
 *
 * Image fields (`imageOnly`, or biz `image`) show picture cards that can be moved left or right; other fields a list.
 */
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { App, Button, Flex, Progress, Tooltip, Typography, theme } from 'antd';
import { DeleteOutlined, EyeOutlined, FileOutlined, FilePdfOutlined, LeftOutlined, PlusOutlined, RedoOutlined, RightOutlined, UploadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FILE_BIZ_RULES, UPLOAD_BIZ_DEFAULT, UploadStatus, isImageType, type FileBizValue, type FileView, type UploadStatusValue } from '@mg/domain';
import { FilePreview } from './FilePreview';
import { acceptFor, allowedTypes, fileTypeOfMime, formatBytes, refusalOf, shortName, typeNames, type Refusal } from './rules';
import { uploadFile } from './uploadFile';

export interface FileUploadProps {
  /** What the files are for: their types and size limit (FILE_BIZ_RULES). Default 'temp'. */
  biz?: FileBizValue;
  /** The stored files (done items only). */
  value?: FileView[];
  /** Called with every file, in order, once no item is uploading or in error. */
  onChange?: (files: FileView[]) => void;
  /** Keep at most this many: a new file replaces the oldest. 0 or absent: no limit. */
  maxCount?: number;
  /** Only images ('Please upload pictures' otherwise); picture cards. */
  imageOnly?: boolean;
  disabled?: boolean;
  /** Set by antd Form.Item. */
  id?: string;
  /** Test id of the field; its parts are `<testId>-input`, `<testId>-item` (with data-status). Default 'file-upload'. */
  testId?: string;
  'data-testid'?: string;
}

interface Item {
  uid: string;
  name: string;
  size: number;
  image: boolean;
  status: UploadStatusValue;
  percent: number;
  /** The picked file while it is not stored (for a retry). */
  file?: File;
  view?: FileView;
  error?: string;
  /** A local object URL of a picked image (the thumbnail before, and after, the upload). */
  thumb?: string;
  /** The thumbnail did not load (an expired URL): the file's icon instead. */
  thumbFailed?: boolean;
}

const keyOf = (files: readonly FileView[]) => files.map((f) => `${f.id} ${f.url}`).join('\n');

const doneItem = (view: FileView): Item => ({ uid: view.id, name: view.name, size: view.size, image: isImageType(view.type), status: UploadStatus.DONE, percent: 100, view });

let uidSeq = 0;

function objectUrlOf(file: File): string | undefined {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined;
}

function errorText(e: unknown): string {
  return e instanceof Error && e.message ? e.message : String(e);
}

export function FileUpload({ biz = UPLOAD_BIZ_DEFAULT, value, onChange, maxCount = 0, imageOnly = false, disabled = false, id, testId, 'data-testid': dataTestId }: FileUploadProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const tid = testId ?? dataTestId ?? 'file-upload';
  const pictures = imageOnly || biz === 'image';
  const language = i18n.language;
  const size = useCallback((bytes: number) => formatBytes(bytes, language), [language]);

  const [items, setItems] = useState<Item[]>(() => (value ?? []).map(doneItem));
  const [previewing, setPreviewing] = useState<FileView | null>(null);
  const input = useRef<HTMLInputElement>(null);
  /** The list last handed out or received: an equal value is ours, another one replaces the done items. */
  const lastKey = useRef(keyOf(value ?? []));
  const uploads = useRef(new Map<string, AbortController>());
  const thumbs = useRef(new Map<string, string>());

  // A value from outside (a loaded draft, a form reset) replaces the done items; pending ones stay.
  const valueKey = keyOf(value ?? []);
  useEffect(() => {
    if (valueKey === lastKey.current) return;
    lastKey.current = valueKey;
    setItems((prev) => [...(value ?? []).map(doneItem), ...prev.filter((i) => i.status !== UploadStatus.DONE)]);
  }, [value, valueKey]);

  // Spec §4: the list is emitted only when every item is done.
  useEffect(() => {
    if (items.some((i) => i.status !== UploadStatus.DONE)) return;
    const files = items.map((i) => i.view as FileView);
    const key = keyOf(files);
    if (key === lastKey.current) return;
    lastKey.current = key;
    onChange?.(files);
  }, [items, onChange]);

  // An item that left the list (removed, replaced, reset) cancels its upload and frees its thumbnail.
  useEffect(() => {
    const present = new Set(items.map((i) => i.uid));
    for (const [uid, controller] of uploads.current) {
      if (!present.has(uid)) {
        controller.abort();
        uploads.current.delete(uid);
      }
    }
    for (const [uid, url] of thumbs.current) {
      if (!present.has(uid)) {
        URL.revokeObjectURL(url);
        thumbs.current.delete(uid);
      }
    }
  }, [items]);
  useEffect(() => {
    const running = uploads.current;
    const urls = thumbs.current;
    return () => {
      for (const c of running.values()) c.abort();
      for (const u of urls.values()) URL.revokeObjectURL(u);
      running.clear();
      urls.clear();
    };
  }, []);

  const patch = useCallback((uid: string, change: Partial<Item>) => {
    setItems((prev) => prev.map((i) => (i.uid === uid ? { ...i, ...change } : i)));
  }, []);

  const start = useCallback(
    (uid: string, file: File) => {
      const controller = new AbortController();
      uploads.current.set(uid, controller);
      uploadFile(
        file,
        biz,
        (percent) => {
          if (!controller.signal.aborted) patch(uid, { percent });
        },
        controller.signal,
      ).then(
        (view) => {
          uploads.current.delete(uid);
          patch(uid, { status: UploadStatus.DONE, percent: 100, view, file: undefined, error: undefined });
        },
        (e: unknown) => {
          if (controller.signal.aborted) return;
          uploads.current.delete(uid);
          const reason = errorText(e);
          patch(uid, { status: UploadStatus.ERROR, error: reason });
          message.error(`${t('error.fileUploadFailed', { file: file.name })}: ${reason}`);
        },
      );
    },
    [biz, patch, message, t],
  );

  const refusalText = useCallback(
    (file: File, r: Refusal) => {
      if (r.key === 'files.pleaseUploadPictures') return t('files.pleaseUploadPictures');
      if (r.key === 'files.typeNotAllowed') return t('files.typeNotAllowed', { name: file.name, types: r.types });
      return t('files.tooLarge', { name: file.name, max: size(r.maxBytes) });
    },
    [t, size],
  );

  const add = (picked: readonly File[]) => {
    if (disabled) return;
    const accepted: Item[] = [];
    for (const file of picked) {
      const refusal = refusalOf(file, biz, imageOnly);
      if (refusal) {
        message.error(refusalText(file, refusal));
        continue;
      }
      const uid = `upload-${++uidSeq}`;
      const image = Boolean(fileTypeOfMime(file.type) && file.type.includes('image'));
      const thumb = image ? objectUrlOf(file) : undefined;
      if (thumb) thumbs.current.set(uid, thumb);
      accepted.push({ uid, name: file.name, size: file.size, image, status: UploadStatus.UPLOADING, percent: 0, file, thumb });
    }
    if (accepted.length === 0) return;
    setItems((prev) => {
      const next = [...prev, ...accepted];
      return maxCount > 0 ? next.slice(-maxCount) : next;
    });
    // The newest of a bigger selection than maxCount would be dropped at once: only the kept ones are sent.
    for (const item of maxCount > 0 ? accepted.slice(-maxCount) : accepted) start(item.uid, item.file as File);
  };

  const remove = (uid: string) => setItems((prev) => prev.filter((i) => i.uid !== uid));

  const retry = (item: Item) => {
    if (!item.file) return;
    patch(item.uid, { status: UploadStatus.UPLOADING, percent: 0, error: undefined });
    start(item.uid, item.file);
  };

  // Spec §4: the first cannot go left ('Unknown operation'), the last cannot go right.
  const move = (index: number, step: -1 | 1) => {
    const to = index + step;
    if (to < 0) {
      message.warning(t('error.unknownOperation'));
      return;
    }
    if (to >= items.length) {
      message.warning(t('files.alreadyLast'));
      return;
    }
    setItems((prev) => {
      const next = [...prev];
      [next[index], next[to]] = [next[to] as Item, next[index] as Item];
      return next;
    });
  };

  const types = allowedTypes(biz, imageOnly);
  const hint = [t('files.hint', { types: typeNames(types), max: size(FILE_BIZ_RULES[biz].maxBytes) })];
  if (maxCount === 1) hint.push(t('files.hintReplaceOne'));
  else if (maxCount > 1) hint.push(t('files.hintReplaceMany', { count: maxCount }));

  const pick = () => input.current?.click();
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    add([...e.dataTransfer.files]);
  };
  const fileInput = (
    <input
      ref={input}
      id={id}
      type="file"
      hidden
      // antd's Form styles every file input as a block: hidden alone does not hide it inside a form.
      style={{ display: 'none' }}
      accept={acceptFor(biz, imageOnly)}
      multiple={maxCount !== 1}
      disabled={disabled}
      data-testid={`${tid}-input`}
      onChange={(e) => {
        add([...(e.target.files ?? [])]);
        e.target.value = ''; // the same file can be picked again (after a removal)
      }}
    />
  );

  const actions = (item: Item, index: number) => {
    const buttons = [];
    if (pictures && !disabled) {
      buttons.push(
        <Tooltip key="left" title={t('files.moveLeft')}>
          <Button size="small" type="text" icon={<LeftOutlined />} aria-label={t('files.moveLeft')} onClick={() => move(index, -1)} />
        </Tooltip>,
        <Tooltip key="right" title={t('files.moveRight')}>
          <Button size="small" type="text" icon={<RightOutlined />} aria-label={t('files.moveRight')} onClick={() => move(index, 1)} />
        </Tooltip>,
      );
    }
    if (item.status === UploadStatus.DONE && item.view) {
      const view = item.view;
      buttons.push(
        <Tooltip key="preview" title={t('files.preview')}>
          <Button size="small" type="text" icon={<EyeOutlined />} aria-label={t('files.preview')} onClick={() => setPreviewing(view)} />
        </Tooltip>,
      );
    }
    if (item.status === UploadStatus.ERROR && item.file && !disabled) {
      buttons.push(
        <Tooltip key="retry" title={t('files.retry')}>
          <Button size="small" type="text" icon={<RedoOutlined />} aria-label={t('files.retry')} onClick={() => retry(item)} />
        </Tooltip>,
      );
    }
    if (!disabled) {
      buttons.push(
        <Tooltip key="remove" title={t('files.remove')}>
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('files.remove')} onClick={() => remove(item.uid)} />
        </Tooltip>,
      );
    }
    return (
      <Flex gap={0} wrap justify={pictures ? 'center' : 'flex-end'}>
        {buttons}
      </Flex>
    );
  };

  const progress = (item: Item) => <Progress percent={item.percent} size="small" status="active" aria-label={t('files.uploading', { percent: item.percent })} />;
  const errorLine = (item: Item) => (
    <Typography.Text type="danger" style={{ fontSize: token.fontSizeSM }} data-testid={`${tid}-error`}>
      {item.error}
    </Typography.Text>
  );

  const hintLine = (
    <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }} data-testid={`${tid}-hint`}>
      {hint.join(' · ')}
    </Typography.Text>
  );

  const border = (item: Item) => `1px solid ${item.status === UploadStatus.ERROR ? token.colorError : token.colorBorder}`;

  const iconOf = (item: Item) => {
    const type = item.view?.type ?? fileTypeOfMime(item.file?.type ?? '');
    if (type === 'pdf') return <FilePdfOutlined />;
    if (type === 'webm' || type === 'mp4') return <VideoCameraOutlined />;
    return <FileOutlined />;
  };

  const thumbOf = (item: Item) => (item.thumbFailed ? undefined : (item.thumb ?? (item.image ? item.view?.url : undefined)));
  const thumbFailed = (uid: string) => patch(uid, { thumbFailed: true });

  const cards = (
    <Flex wrap gap={token.marginXS} onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
      {items.map((item, index) => {
        const src = thumbOf(item);
        return (
          <div key={item.uid} data-testid={`${tid}-item`} data-status={item.status} style={{ width: 112 }}>
            <div
              style={{ width: 112, height: 112, border: border(item), borderRadius: token.borderRadiusLG, overflow: 'hidden', position: 'relative', display: 'flex', alignItems: 'center', justifyContent: 'center', background: token.colorFillQuaternary, cursor: item.view ? 'pointer' : 'default' }}
              onClick={() => item.view && setPreviewing(item.view)}
            >
              {src ? <img src={src} alt={item.name} onError={() => thumbFailed(item.uid)} style={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : <span style={{ fontSize: 32, color: token.colorTextTertiary }}>{iconOf(item)}</span>}
              {item.status === UploadStatus.UPLOADING && <div style={{ position: 'absolute', left: 8, right: 8, bottom: 4 }}>{progress(item)}</div>}
            </div>
            <div style={{ textAlign: 'center', lineHeight: 1.3, marginTop: 2 }}>
              <Typography.Text style={{ fontSize: token.fontSizeSM, display: 'block' }} title={item.name}>
                {shortName(item.name)}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                {size(item.size)}
              </Typography.Text>
              {item.status === UploadStatus.ERROR && <div>{errorLine(item)}</div>}
            </div>
            {actions(item, index)}
          </div>
        );
      })}
      {!disabled && (
        <button
          type="button"
          onClick={pick}
          data-testid={`${tid}-select`}
          style={{ width: 112, height: 112, border: `1px dashed ${token.colorBorder}`, borderRadius: token.borderRadiusLG, background: token.colorFillAlter, cursor: 'pointer', color: token.colorText, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 8 }}
        >
          <PlusOutlined />
          <span>{t('files.upload')}</span>
        </button>
      )}
    </Flex>
  );

  const list = (
    <div onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
      {!disabled && (
        <Button icon={<UploadOutlined />} onClick={pick} data-testid={`${tid}-select`}>
          {t('files.select')}
        </Button>
      )}
      {items.length > 0 && (
        <div style={{ marginTop: token.marginXS }}>
          {items.map((item, index) => {
            const src = thumbOf(item);
            return (
              <div key={item.uid} data-testid={`${tid}-item`} data-status={item.status} style={{ padding: `${token.paddingXXS}px ${token.paddingXS}px`, border: border(item), borderRadius: token.borderRadius, marginBottom: token.marginXXS }}>
                <Flex align="center" gap={token.marginXS}>
                  {src ? <img src={src} alt={item.name} onError={() => thumbFailed(item.uid)} style={{ width: 32, height: 32, objectFit: 'cover', borderRadius: token.borderRadiusSM }} /> : <span style={{ color: token.colorTextSecondary }}>{iconOf(item)}</span>}
                  <Typography.Text ellipsis={{ tooltip: item.name }} style={{ flex: 1, minWidth: 0 }}>
                    {item.name}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                    {size(item.size)}
                  </Typography.Text>
                  {actions(item, index)}
                </Flex>
                {item.status === UploadStatus.UPLOADING && progress(item)}
                {item.status === UploadStatus.ERROR && errorLine(item)}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );

  return (
    <div data-testid={tid}>
      {fileInput}
      {pictures ? cards : list}
      <div style={{ marginTop: token.marginXXS }}>{hintLine}</div>
      {previewing && <FilePreview file={previewing} open onClose={() => setPreviewing(null)} />}
    </div>
  );
}
