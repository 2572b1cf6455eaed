/**
 * Shell-wide UI state every screen may drive: which dialog is open, the drawer, the rail, and
 * toasts (SPEC §3 Toast). Kept free of feature code so features and the shell can share it.
 */
import { createSlice, nanoid, type Dispatch, type PayloadAction } from '@reduxjs/toolkit';
import { BADGE_TOAST_TIMEOUT_MS, STORAGE_KEYS, TOAST_TIMEOUT_MS } from '../config/constants';
import { announce } from './announcer';
import { readItem } from './storage';

export type DialogName = 'signIn' | 'about' | 'welcome' | 'feedback';
export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface BadgePayload {
  badge_id: string;
  badge_key: string;
  award_reason?: string;
  title: string;
  description?: string;
  icon_emoji?: string;
}

/** A way on a toast offers: `signIn` opens the sign-in dialog. */
export type ToastAction = 'signIn';

export interface Toast {
  id: string;
  type: ToastType;
  message: string;
  /** How long it shows; a toast with an `action` stays until dismissed or taken (time to reach it). */
  timeoutMs: number;
  action?: ToastAction;
  payload?: { badge?: BadgePayload; [key: string]: unknown };
}

export interface FeedbackTarget {
  subjectType: 'artwork' | 'artist' | 'general';
  subjectId: string | null;
  /** 'back': a removed artwork is in place again (sent as a comment that says so). */
  issueType: 'comment' | 'missing' | 'back';
  /** The note to start with, when not the issue type's own. */
  note?: string;
}

export interface UiState {
  dialog: DialogName | null;
  signInMode: 'login' | 'signup';
  /** Bumped on every sign-in open, so the dialog starts afresh each time. */
  signInNonce: number;
  feedback: FeedbackTarget;
  drawerOpen: boolean;
  railExpanded: boolean;
  toasts: Toast[];
}

export const initialUiState = (): UiState => ({
  dialog: null,
  signInMode: 'login',
  signInNonce: 0,
  feedback: { subjectType: 'general', subjectId: null, issueType: 'comment' },
  drawerOpen: false,
  railExpanded: readItem(STORAGE_KEYS.railExpanded) !== 'false',
  toasts: [],
});

const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    dialogOpened: (state, action: PayloadAction<DialogName>) => {
      state.dialog = action.payload;
      state.drawerOpen = false;
    },
    signInOpened: (state, action: PayloadAction<'login' | 'signup' | undefined>) => {
      state.dialog = 'signIn';
      state.signInMode = action.payload ?? 'login';
      state.signInNonce += 1;
      state.drawerOpen = false;
    },
    feedbackOpened: (state, action: PayloadAction<Partial<FeedbackTarget> | undefined>) => {
      state.dialog = 'feedback';
      state.feedback = {
        subjectType: action.payload?.subjectType ?? 'general',
        subjectId: action.payload?.subjectId ?? null,
        issueType: action.payload?.issueType ?? 'comment',
        ...(action.payload?.note ? { note: action.payload.note } : {}),
      };
      state.drawerOpen = false;
    },
    dialogClosed: (state) => {
      state.dialog = null;
    },
    drawerToggled: (state, action: PayloadAction<boolean | undefined>) => {
      state.drawerOpen = action.payload ?? !state.drawerOpen;
    },
    railToggled: (state) => {
      state.railExpanded = !state.railExpanded;
    },
    toastShown: {
      reducer: (state, action: PayloadAction<Toast>) => {
        state.toasts.push(action.payload);
      },
      prepare: (toast: {
        type: ToastType;
        message: string;
        timeoutMs?: number;
        action?: ToastAction;
        payload?: Toast['payload'];
      }) => {
        const badge = !!toast.payload?.badge;
        const t: Toast = {
          id: nanoid(),
          type: toast.type,
          message: toast.message,
          timeoutMs: toast.timeoutMs ?? (badge ? BADGE_TOAST_TIMEOUT_MS : TOAST_TIMEOUT_MS),
        };
        if (toast.action) t.action = toast.action;
        if (toast.payload) t.payload = toast.payload;
        return { payload: t };
      },
    },
    toastDismissed: (state, action: PayloadAction<string>) => {
      state.toasts = state.toasts.filter((t) => t.id !== action.payload);
    },
  },
});

export const {
  dialogOpened,
  signInOpened,
  feedbackOpened,
  dialogClosed,
  drawerToggled,
  railToggled,
  toastShown,
  toastDismissed,
} = uiSlice.actions;
export const uiReducer = uiSlice.reducer;

/**
 * An action the person took succeeded: a success toast, its words also announced to screen
 * readers. `dispatch(successShown(message))`.
 */
export const successShown =
  (message: string) =>
  (dispatch: Dispatch): void => {
    dispatch(toastShown({ type: 'success', message }));
    announce(message);
  };

type WithUi = { ui: UiState };
export const selectDialog = (s: WithUi) => s.ui.dialog;
export const selectToasts = (s: WithUi) => s.ui.toasts;
export const selectDrawerOpen = (s: WithUi) => s.ui.drawerOpen;
export const selectRailExpanded = (s: WithUi) => s.ui.railExpanded;
export const selectSignInMode = (s: WithUi) => s.ui.signInMode;
export const selectSignInNonce = (s: WithUi) => s.ui.signInNonce;
export const selectFeedbackTarget = (s: WithUi) => s.ui.feedback;
