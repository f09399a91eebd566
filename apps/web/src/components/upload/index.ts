/** The upload field, the file preview and the upload call (issue 14; spec §4 upload items, §7 uploads). */
export { FileUpload, type FileUploadProps } from './FileUpload';
export { FilePreview, type FilePreviewProps } from './FilePreview';
export { uploadFile, isAbort, UPLOAD_PATH } from './uploadFile';
export { formatBytes, refusalOf, acceptFor } from './rules';
