/** Older-history paging of the message list; absent = no paging row. */
export interface Paging {
	hasMore: boolean;
	loading: boolean;
	error: string | null;
	onolder: () => void;
}

/**
 * Each row of the list lays out its bubble (user bubbles align right); the gaps between rows are
 * the bubbles' margins (wider between sender groups).
 */
export const ROW_STYLE = {
	display: 'flex',
	'flex-direction': 'column',
	padding: '0 1rem',
	'box-sizing': 'border-box'
};
