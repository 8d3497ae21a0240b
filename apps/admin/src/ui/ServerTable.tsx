import { DownloadOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns, type ProTableProps } from '@ant-design/pro-components';
import type { BackofficeExportOf, BackofficeListPath, BackofficeRow } from '@app/shared/backoffice-api';
import { App, Button } from 'antd';
import { useRef, useState, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { getPage } from '@/lib/api.ts';
import { downloadCsv } from '@/lib/download.ts';

export type { Page } from '@app/shared';

type Filters = Record<string, unknown>;

/** Drops empty filters and turns arrays (date ranges are transformed before) into strings. */
function clean(filters: Filters): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(filters)) {
    if (v === undefined || v === null || v === '' || k === '_timestamp') continue;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  return out;
}

export interface ServerTableProps<P extends BackofficeListPath> {
  /** The /admin/v1 list route answering a page (`'/admin/v1/members/:id/ledger'`); its rows type the table. */
  path: P;
  columns: ProColumns<BackofficeRow<P>>[];
  rowKey: keyof BackofficeRow<P> & string;
  /** Path parameters of `path` and fixed filters (e.g. the member whose records these are). */
  params?: Filters;
  /** The CSV export of the same list (same parameters and filters). */
  exportPath?: BackofficeExportOf<P>;
  exportName?: string;
  toolBar?: ReactNode[];
  actionRef?: RefObject<ActionType | undefined>;
  /** Filters live in the address bar (back, reload and links keep them). Off for embedded tables. */
  syncToUrl?: boolean;
  search?: ProTableProps<BackofficeRow<P>, Filters>['search'];
  headerTitle?: ReactNode;
  expandable?: ProTableProps<BackofficeRow<P>, Filters>['expandable'];
  /** A row's click opens its detail (clicks on its links, buttons and inputs keep their own meaning). */
  onRowClick?: (row: BackofficeRow<P>) => void;
  /** The rows of each page once loaded. */
  onLoad?: (rows: BackofficeRow<P>[]) => void;
  /** Table width the columns need (px), so a fixed column never covers others; content width when absent. */
  scrollX?: number;
}

/** A click on something of its own in a row: a link, a button, an input, a copy icon, a popup. */
function ownClick(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement;
  // Popups (confirmations, dialogs) render outside the row but their events bubble through React.
  if (!event.currentTarget.contains(target)) return true;
  return !!target.closest(
    'a, button, input, textarea, label, [role="button"], .ant-typography-copy, .ant-checkbox',
  );
}

/** A table paged and filtered by the server, its filters in the URL, with a CSV export of the same rows. */
export function ServerTable<P extends BackofficeListPath>(props: ServerTableProps<P>) {
  const { message } = App.useApp();
  const lastFilters = useRef<Record<string, string | number | boolean>>({});
  const [exporting, setExporting] = useState(false);
  const exportButton = props.exportPath ? (
    <Button
      key="export"
      icon={<DownloadOutlined />}
      loading={exporting}
      onClick={() => {
        setExporting(true);
        downloadCsv(props.exportPath!, { ...lastFilters.current }, props.exportName ?? 'export')
          .then((rows) => void message.success(`已导出 ${rows.toLocaleString('zh-CN')} 行`))
          .catch((e: unknown) => void message.error(e instanceof Error ? e.message : '导出失败'))
          .finally(() => setExporting(false));
      }}
    >
      导出 CSV
    </Button>
  ) : null;
  return (
    <ProTable<BackofficeRow<P>, Filters>
      rowKey={props.rowKey}
      columns={props.columns}
      actionRef={props.actionRef}
      params={props.params}
      headerTitle={props.headerTitle}
      expandable={props.expandable}
      onLoad={props.onLoad}
      onRow={
        props.onRowClick
          ? (row) => ({
              onClick: (event: MouseEvent<HTMLElement>) => {
                if (!ownClick(event)) props.onRowClick?.(row);
              },
              style: { cursor: 'pointer' },
            })
          : undefined
      }
      request={async (p) => {
        const { current, pageSize, ...filters } = p;
        const query = { ...clean(filters), ...clean(props.params ?? {}) };
        lastFilters.current = query;
        try {
          const res = await getPage(props.path, { ...query, page: current ?? 1, per_page: pageSize ?? 20 });
          return { data: res.list, total: res.total, success: true };
        } catch (e) {
          void message.error(e instanceof Error ? e.message : '加载失败');
          return { data: [], total: 0, success: false };
        }
      }}
      form={props.syncToUrl === false ? {} : { syncToUrl: true, syncToInitialValues: false }}
      pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [20, 50, 100] }}
      search={props.search ?? { labelWidth: 'auto', defaultCollapsed: false, span: 6 }}
      dateFormatter="string"
      options={{ reload: true, density: false, setting: false }}
      toolBarRender={() => [...(props.toolBar ?? []), ...(exportButton ? [exportButton] : [])]}
      scroll={{ x: props.scrollX ?? 'max-content' }}
      size="small"
    />
  );
}

/** A date range filter sent as `from`/`to` (Asia/Shanghai days). */
export function dateRangeColumn<T>(title = '日期', keys: [string, string] = ['from', 'to']): ProColumns<T> {
  return {
    title,
    dataIndex: `__range_${keys[0]}`,
    valueType: 'dateRange',
    hideInTable: true,
    search: { transform: (v: [string, string]) => ({ [keys[0]]: v[0], [keys[1]]: v[1] }) },
  };
}
