/**
 * Renders every antd component once per brand theme on the server side and writes what antd's CSS-in-JS generated,
 * as one stylesheet per brand (JSON `{ brand: css }` to the file named by argv[2]). Run by ../antd-styles-plugin.ts
 * in its own process, with NODE_ENV=production so class names match the production bundle.
 *
 * Node loads antd's CommonJS build here and the browser its ES build: both are compiled from the same source, and
 * antd keys each style by the theme's token values and the component's path, not by module identity.
 */
import { writeFileSync } from 'node:fs';
import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antd from 'antd';
import { ProTable } from '@ant-design/pro-components';
import { BRANDS } from '@mg/domain';
import { antdThemeOf } from '../../src/app/antdTheme';

/** Capitalized exports that are not components to render bare (the provider wraps each render; Grid is hooks). */
const NOT_BARE = new Set(['ConfigProvider', 'Grid']);

const PRESET_TAGS = ['blue', 'green', 'red', 'orange', 'gold', 'purple', 'cyan', 'magenta', 'volcano', 'geekblue', 'lime', 'default', 'success', 'processing', 'error', 'warning'];

/** Parts a bare component does not render, whose styles the app's screens need (each is its own style entry). */
function variants(): ReactNode[] {
  const { Layout, Tag, Typography, Form, Input, DatePicker, Table, Badge, Descriptions, Steps, Tabs, Menu, Statistic, Progress, Space, Button } = antd;
  return [
    <Layout key="layout">
      <Layout.Sider collapsible>s</Layout.Sider>
      <Layout>
        <Layout.Header>h</Layout.Header>
        <Layout.Content>c</Layout.Content>
        <Layout.Footer>f</Layout.Footer>
      </Layout>
    </Layout>,
    ...PRESET_TAGS.map((color) => <Tag key={`tag-${color}`} color={color}>{color}</Tag>),
    <Typography key="typo">
      <Typography.Title level={4}>t</Typography.Title>
      <Typography.Paragraph copyable ellipsis>p</Typography.Paragraph>
      <Typography.Text type="secondary" code>x</Typography.Text>
      <Typography.Link href="#">l</Typography.Link>
    </Typography>,
    <Form key="form" layout="vertical">
      <Form.Item label="a" name="a" required help="h" validateStatus="error">
        <Input.Password />
      </Form.Item>
      <Form.Item label="b">
        <Input.TextArea showCount maxLength={10} />
      </Form.Item>
      <Form.Item label="c">
        <Input.Search allowClear />
      </Form.Item>
      <Form.Item>
        <Input.OTP length={6} />
      </Form.Item>
    </Form>,
    <DatePicker.RangePicker key="range" />,
    <Table
      key="table"
      rowKey="a"
      size="small"
      bordered
      rowSelection={{ type: 'checkbox' }}
      columns={[{ title: 'a', dataIndex: 'a', sorter: true, fixed: 'left', ellipsis: true }, { title: 'b', dataIndex: 'b', filters: [{ text: 'x', value: 'x' }] }]}
      dataSource={[{ a: 1, b: 'x' }]}
      pagination={{ total: 100, showSizeChanger: true, showQuickJumper: true }}
      summary={() => <Table.Summary.Row><Table.Summary.Cell index={0}>s</Table.Summary.Cell></Table.Summary.Row>}
    />,
    <Badge key="badge-status" status="processing" text="b" />,
    <Badge.Ribbon key="ribbon" text="r">r</Badge.Ribbon>,
    <Descriptions key="desc" bordered column={2} items={[{ key: 'a', label: 'a', children: 'b' }]} />,
    <Steps key="steps" current={1} items={[{ title: 'a' }, { title: 'b' }]} />,
    <Tabs key="tabs" type="editable-card" items={[{ key: 'a', label: 'a', children: 'a' }]} />,
    <Menu key="menu" mode="inline" items={[{ key: 'a', label: 'a', children: [{ key: 'b', label: 'b' }] }]} />,
    <Statistic.Countdown key="countdown" value={0} />,
    <Progress key="circle" type="circle" percent={50} />,
    <Space.Compact key="compact">
      <Input />
      <Button>b</Button>
    </Space.Compact>,
    <antd.App key="app">
      <ProTable
        rowKey="a"
        columns={[{ title: 'a', dataIndex: 'a', valueType: 'dateRange' }, { title: 'b', dataIndex: 'b', valueType: 'select', valueEnum: { x: 'x' } }]}
        dataSource={[{ a: 1, b: 'x' }]}
        search={{ labelWidth: 'auto' }}
        options={{ density: true, setting: true, reload: true }}
        toolBarRender={() => [<Button key="b">b</Button>]}
      />
    </antd.App>,
  ];
}

function bare(): { name: string; node: ReactNode }[] {
  return Object.entries(antd)
    .filter(([name, value]) => /^[A-Z]/.test(name) && !NOT_BARE.has(name) && value && (typeof value === 'function' || typeof value === 'object'))
    .map(([name, value]) => {
      const C = value as ComponentType;
      return { name, node: <C /> };
    });
}

function stylesheetOf(primaryColor: string): { css: string; failed: string[] } {
  const cache = createCache();
  const failed: string[] = [];
  const nodes = [...bare(), ...variants().map((node, i) => ({ name: `variant ${i}`, node }))];
  for (const { name, node } of nodes) {
    try {
      renderToString(
        <StyleProvider cache={cache}>
          <antd.ConfigProvider theme={antdThemeOf({ primaryColor })}>{node}</antd.ConfigProvider>
        </StyleProvider>,
      );
    } catch {
      // A component that needs props to render at all; the app's own use of it styles itself at run time.
      failed.push(name);
    }
  }
  return { css: extractStyle(cache, { plain: true, types: ['style', 'token'] }), failed };
}

const out = process.argv[2];
if (!out) throw new Error('usage: catalogue.tsx <out.json>');
const sheets: Record<string, string> = {};
for (const brand of BRANDS) {
  const { css, failed } = stylesheetOf(brand.primaryColor);
  if (failed.length) console.error(`antd styles for ${brand.value}: not rendered: ${failed.join(', ')}`);
  sheets[brand.value] = css;
}
writeFileSync(out, JSON.stringify(sheets));
