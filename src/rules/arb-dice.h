/* arb-dice.h: dice expressions, roll sources and exact odds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define ARB_DICE_ERROR (arb_dice_error_quark ())

typedef enum
{
  ARB_DICE_ERROR_SYNTAX,      /* the expression cannot be read */
  ARB_DICE_ERROR_TOO_LARGE,   /* too many outcomes for exact odds */
  ARB_DICE_ERROR_FACE,        /* a given face is not on that die */
  ARB_DICE_ERROR_EXHAUSTED,   /* more dice were needed than were given */
  ARB_DICE_ERROR_TOTAL,       /* a given total the dice cannot make */
} ArbDiceError;

GQuark arb_dice_error_quark (void);

/* Roll sources: where the faces come from. */

#define ARB_TYPE_ROLL_SOURCE (arb_roll_source_get_type ())
G_DECLARE_FINAL_TYPE (ArbRollSource, arb_roll_source, ARB, ROLL_SOURCE, GObject)

ArbRollSource *arb_roll_source_new_random  (void);
ArbRollSource *arb_roll_source_new_seeded  (guint32        seed);
/* Stream @stream of @seed: independent of the seed's other streams, the
 * same dice for the same pair (a simulation's run N). */
ArbRollSource *arb_roll_source_new_stream  (guint32        seed,
                                            guint64        stream);
/* The faces rolled or handed out so far. */
guint64        arb_roll_source_get_n_faces (ArbRollSource *self);
/* The players' physical dice: faces are handed out in order. A d10 may
 * be given as 0 (the face printed 0 reads 10). */
ArbRollSource *arb_roll_source_new_given   (const int     *faces,
                                            guint          n_faces);
gboolean       arb_roll_source_is_given    (ArbRollSource *self);
guint          arb_roll_source_get_n_left  (ArbRollSource *self);
/* One face of a die with @sides sides, 1..sides. */
gboolean       arb_roll_source_next_face   (ArbRollSource *self,
                                            int            sides,
                                            int           *face,
                                            GError       **error);

/* Exact distributions: integer counts over a common denominator. */

typedef struct _ArbDistribution ArbDistribution;

GType            arb_distribution_get_type       (void) G_GNUC_CONST;
ArbDistribution *arb_distribution_copy           (const ArbDistribution *self);
void             arb_distribution_free           (ArbDistribution       *self);
int              arb_distribution_get_min        (const ArbDistribution *self);
int              arb_distribution_get_max        (const ArbDistribution *self);
guint64          arb_distribution_get_denominator(const ArbDistribution *self);
guint64          arb_distribution_count_eq       (const ArbDistribution *self,
                                                  int                    n);
guint64          arb_distribution_count_at_least (const ArbDistribution *self,
                                                  int                    n);
guint64          arb_distribution_count_at_most  (const ArbDistribution *self,
                                                  int                    n);
double           arb_distribution_p_eq           (const ArbDistribution *self,
                                                  int                    n);
double           arb_distribution_p_at_least     (const ArbDistribution *self,
                                                  int                    n);
double           arb_distribution_p_at_most      (const ArbDistribution *self,
                                                  int                    n);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbDistribution, arb_distribution_free)

/* Dice expressions: 3d6, 2d6+1, 1d10-2, d66, 2d66, D100, d10, 4. */

typedef struct _ArbDiceExpr ArbDiceExpr;

GType            arb_dice_expr_get_type      (void) G_GNUC_CONST;
/* On a syntax error, @error_pos (if not NULL) is set to the position of
 * the offending character, counted in characters, and the message names
 * it. */
ArbDiceExpr     *arb_dice_expr_parse         (const char        *text,
                                              gsize             *error_pos,
                                              GError           **error);
ArbDiceExpr     *arb_dice_expr_ref           (ArbDiceExpr       *self);
void             arb_dice_expr_unref         (ArbDiceExpr       *self);
/* The expression as written, normalised (no spaces, lower case). */
const char      *arb_dice_expr_to_string     (const ArbDiceExpr *self);
int              arb_dice_expr_get_min       (const ArbDiceExpr *self);
int              arb_dice_expr_get_max       (const ArbDiceExpr *self);
/* How many physical dice one roll takes (d66 and D100 take two each). */
guint            arb_dice_expr_get_n_dice    (const ArbDiceExpr *self);
gboolean         arb_dice_expr_has_dice      (const ArbDiceExpr *self);
/* The sides of physical die @index, in the order a roll takes them (a
 * D100's tens and units are d10s); 0 past the last. */
int              arb_dice_expr_get_die_sides (const ArbDiceExpr *self,
                                              guint              index);
/* Rolls the expression; @faces (of int, may be NULL) receives each physical
 * die's face in order: a D100 gives its tens and units digits (0..9). */
gboolean         arb_dice_expr_roll          (const ArbDiceExpr *self,
                                              ArbRollSource     *source,
                                              int               *total,
                                              GArray            *faces,
                                              GError           **error);
ArbDistribution *arb_dice_expr_distribution  (const ArbDiceExpr *self,
                                              GError           **error);
/* Whether @total is a result these dice can make (for typed-in totals). */
gboolean         arb_dice_expr_check_total   (const ArbDiceExpr *self,
                                              int                total,
                                              GError           **error);

/* A total the players give as the game reads their dice: a lone D100
 * reads 0 (its 00) as 100, a lone d10 reads 0 as 10; other values are
 * returned as they are. */
int              arb_dice_expr_read_given    (const ArbDiceExpr *self,
                                              int                value);
/* A whole roll typed in, as the players read their dice: its total
 * ("9" for 3d6), or each die's face, one digit a die, spaced or not
 * ("4 2 3" or "423"). A number that is a total these dice can make is
 * the total ("12" on 2d6, "30" on a D100: a D100 is read as a number,
 * its tens and units, so "00", "0 0" and "100" all read 100); one that
 * is not is read as the dice. "=N" is a total, whatever N. An error
 * for text that is neither; ARB_DICE_ERROR_EXHAUSTED when dice are
 * missing. */
gboolean         arb_dice_expr_read_typed    (const ArbDiceExpr *self,
                                              const char        *text,
                                              int               *total,
                                              GError           **error);
/* The same for dice typed one at a time, as a dialog takes them: @faces
 * holds the faces typed so far for this roll (of int) and receives the
 * text's. A lone digit on dice summed (3d6, not a D100) is then one die,
 * the first of more ("4", Enter, "2", Enter, "3"); after the first die
 * every number is dice. @whole says whether the roll is complete, and
 * @total then holds it. On an error @faces is as it was. */
gboolean         arb_dice_expr_read_typed_dice (const ArbDiceExpr *self,
                                                const char        *text,
                                                GArray            *faces,
                                                gboolean          *whole,
                                                int               *total,
                                                GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ArbDiceExpr, arb_dice_expr_unref)

G_END_DECLS
