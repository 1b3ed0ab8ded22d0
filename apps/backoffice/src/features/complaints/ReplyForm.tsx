/**
 * The agent's reply: text (up to 2000 characters), up to 9 images uploaded one by one as they are
 * chosen, and whether to ask the borrower to rate the answer. The whole reply is checked with the
 * contract's schema before it is sent.
 */
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Form, Input, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { COMPLAINT_IMAGE_MAX_BYTES, COMPLAINT_IMAGE_TYPES } from '@cashloan/contract/routes';
import { STAFF_LIMITS } from '@cashloan/contract/staff/common';
import { replyToComplaintCall, type StaffComplaint } from '@cashloan/contract/staff/complaints';
import { uploadReplyImage, useReplyToComplaint } from './api.ts';

interface Values {
  disposeDetail?: string;
  isNeedScore?: boolean;
}

const IMAGE_TYPE_NAMES = 'JPEG, PNG, WebP or GIF';

export function ReplyForm({ complaint }: { complaint: StaffComplaint }) {
  const { message } = App.useApp();
  const reply = useReplyToComplaint();
  const [form] = Form.useForm<Values>();
  const [images, setImages] = useState<UploadFile<{ url: string }>[]>([]);
  const uploading = images.some((file) => file.status === 'uploading');

  const send = (values: Values) => {
    const input = {
      id: complaint.id,
      disposeDetail: values.disposeDetail ?? '',
      disposeImages: images.flatMap((file) => (file.status === 'done' && file.response ? [file.response.url] : [])),
      isNeedScore: values.isNeedScore ? (1 as const) : (0 as const),
    };
    const checked = replyToComplaintCall.input.safeParse(input);
    if (!checked.success) {
      form.setFields([{ name: 'disposeDetail', errors: [checked.error.issues[0]?.message ?? 'The reply is not complete.'] }]);
      return;
    }
    reply.mutate(input);
  };

  return (
    <Form form={form} layout="vertical" onFinish={send} requiredMark={false}>
      <Form.Item label="Reply to the borrower" name="disposeDetail">
        <Input.TextArea rows={6} maxLength={STAFF_LIMITS.replyMaxChars} showCount />
      </Form.Item>
      <Form.Item label={`Images (up to ${STAFF_LIMITS.replyMaxImages}; ${IMAGE_TYPE_NAMES}, 5 MB each)`}>
        <Upload<{ url: string }>
          listType="picture-card"
          accept={COMPLAINT_IMAGE_TYPES.join(',')}
          multiple
          maxCount={STAFF_LIMITS.replyMaxImages}
          fileList={images}
          onChange={({ fileList }) => setImages(fileList)}
          beforeUpload={(file) => {
            if (!(COMPLAINT_IMAGE_TYPES as readonly string[]).includes(file.type)) {
              void message.error(`${file.name} is not a ${IMAGE_TYPE_NAMES} image.`);
              return Upload.LIST_IGNORE;
            }
            if (file.size > COMPLAINT_IMAGE_MAX_BYTES) {
              void message.error(`${file.name} is larger than 5 MB.`);
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            uploadReplyImage(file as File).then(
              (answer) => onSuccess?.(answer),
              (error: Error) => {
                void message.error(`${(file as File).name}: ${error.message}`);
                onError?.(error);
              },
            );
          }}
        >
          {images.length < STAFF_LIMITS.replyMaxImages && (
            <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
              <PlusOutlined aria-hidden />
              <span style={{ marginTop: 8 }}>Add image</span>
            </span>
          )}
        </Upload>
      </Form.Item>
      <Form.Item name="isNeedScore" valuePropName="checked">
        <Checkbox>Ask the borrower to rate the answer</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={reply.isPending} disabled={uploading}>
        {uploading ? 'Uploading images…' : 'Send'}
      </Button>
    </Form>
  );
}
