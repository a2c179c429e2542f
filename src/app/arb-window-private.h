/* arb-window-private.h: what the window and its actions share
 *
 * The window (arb-window.c) shows the fight and follows it; its actions
 * (arb-window-actions.c) are what the referee asks of it: files, the
 * fight's steps, the other windows. Both see the one instance struct.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "arb-actor-panel.h"
#include "arb-add-combatants-dialog.h"
#include "arb-adjust-popover.h"
#include "arb-hex-map.h"
#include "arb-live-odds.h"
#include "arb-log-model.h"
#include "arb-player-view.h"
#include "arb-sheet-library-window.h"
#include "arb-turn-order.h"
#include "arb-window.h"

G_BEGIN_DECLS

struct _ArbWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  AdwHeaderBar         *header_bar;
  AdwWindowTitle       *window_title;
  GtkMenuButton        *dice_button;
  GtkMenuButton        *primary_menu_button;
  GtkStack             *stack;
  GtkDropDown          *demo_game;
  GMenu                *demo_menu;
  const char           *demo_request;  /* interned: the menu's game, or NULL */
  gboolean              facing_for_dialog; /* the map's facing choice goes to the open form */
  AdwStatusPage        *empty_page;
  GtkWidget            *new_button;
  gboolean              empty_shown;  /* the focus was put on New Encounter */
  gboolean              following;    /* the selection follows the turn, not the referee */
  char                 *followed;     /* the actor the selection last followed */
  char                 *proposed;     /* "POSITION:ID": the rules' own action last proposed */
  guint                 propose_idle; /* proposing it once the dialog applied has closed */
  char                 *map_proposal; /* the move proposed on the map (with proposal_actor), or NULL */
  char                 *proposal_actor;
  GtkRevealer          *proposal_revealer;
  GtkLabel             *proposal_label;
  GtkPaned             *sidebar_paned;
  GtkWidget            *turn_order_pane;
  gboolean              narrow;        /* too narrow for the map beside both panes */
  ArbTurnOrder         *turn_order;
  ArbHexMap            *map;
  GtkRevealer          *log_revealer;
  GtkStack             *log_stack;
  GtkLabel             *log_empty_label;
  GtkScrolledWindow    *log_scroller;
  GtkListView          *log_view;
  ArbActorPanel        *actor_panel;
  ArbLiveOdds          *live_odds;     /* the players' chance, in the header */

  /* Owned */
  ArbFight             *fight;
  GBindingGroup        *fight_bindings;  /* the fight's properties onto the views */
  GSignalGroup         *fight_signals;
  GMenu                *figure_menu;
  ArbLogModel          *log;             /* the fight's steps, newest first */
  gboolean              log_held;        /* until a fight just opened is painted */
  AdwToast             *step_toast;      /* what the last step, undo or redo did, while shown */
  AdwToast             *over_toast;      /* "The fight is over", offering Update Sheets, while shown (weak) */
  gboolean              was_over;        /* the fight was over when last drawn */

  /* Borrowed while open */
  ArbSheetLibraryWindow *library_window;
  GtkWindow            *action_dialog;
  GtkWidget            *adjust_popover;  /* kept by the map once shown */
  ArbPlayerView        *player_view;
  ArbAddCombatantsDialog *add_dialog;
  gboolean              closing;

  /* A sheet chosen to join, waiting for its hex on the map */
  char                 *joining_path;
  char                 *joining_side;
  gboolean              joining_heal;
};

/* What runs once unsaved changes are settled. */
typedef void (*ArbWindowThenFunc) (ArbWindow *self);

/* arb-window.c */
GSettings         *_arb_window_get_settings           (ArbWindow         *self);
ArbRulesetLibrary *_arb_window_get_rules              (ArbWindow         *self);
void               _arb_window_toast                  (ArbWindow         *self,
                                                       const char        *text);
void               _arb_window_show_error             (ArbWindow         *self,
                                                       const char        *heading,
                                                       const char        *body);
typedef enum
{
  ARB_STEP_DONE,     /* "Rolf strikes the Troll: HIT, Troll EN 35 → 30" */
  ARB_STEP_UNDONE,   /* "Undid: Rolf strikes the Troll" */
  ARB_STEP_REDONE,   /* "Redid: Rolf strikes the Troll" */
} ArbStepToast;

/* A toast about a step of the fight, in place of the last such one,
 * with a button labelled @button that runs @action ("win.undo"). */
void               _arb_window_toast_step             (ArbWindow         *self,
                                                       ArbStepToast       kind,
                                                       const ArbStep     *step,
                                                       const char        *button,
                                                       const char        *action);
/* The form of @procedure for @actor, in place of any open one. */
void               _arb_window_open_action_dialog     (ArbWindow         *self,
                                                       const char        *procedure,
                                                       const char        *actor);

/* The move the rules propose on the map, made as if confirmed in its
 * dialog; FALSE with the rules' reason, or when none is proposed. */
gboolean           _arb_window_confirm_proposal       (ArbWindow         *self,
                                                       GError           **error);

/* arb-window-actions.c */
void               _arb_window_class_actions_init     (ArbWindowClass    *klass);
/* The games with a demo fight (borrowed), in the order they are offered. */
GPtrArray         *_arb_window_list_demo_games        (void);
/* Which actions the fight allows now: Next unless it is over, the rest
 * with any fight. */
void               _arb_window_actions_update         (ArbWindow         *self);
/* Undo and Redo, as the fight's can-undo and can-redo say. */
void               _arb_window_actions_update_history (ArbWindow         *self);
/* Saves, lets go of or keeps unsaved changes, as the referee says, then
 * runs @then unless the referee stayed. */
void               _arb_window_with_changes_settled   (ArbWindow         *self,
                                                       ArbWindowThenFunc  then);
/* The figure being placed on the map joins the fight there, or not. */
void               _arb_window_place_joining          (ArbWindow         *self,
                                                       int                q,
                                                       int                r,
                                                       int                facing);
void               _arb_window_cancel_joining         (ArbWindow         *self);
/* Opens the fight in @path, or says why not. */
void               _arb_window_open_path              (ArbWindow         *self,
                                                       const char        *path);

G_END_DECLS
