/* arb-gpg-app.c: Glider-Pit Gladiators' own part of the app: the pit's
 * row numbers and the air currents on its map, each glider's altitude
 * and speed on its token, its manoeuvres built with keys and buttons and
 * the path they fly drawn as they grow
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>

#include "arb-gpg-app.h"
#include "arb-gpg-moves-row.h"
#include "arb-gpg-keys.h"
#include "arb-gpg-procs.h"

#define E ARB_ENCOUNTER_ENTITY

static char *
map_state (ArbEncounter *enc)
{
  return g_strdup (arb_encounter_get (enc, E, ARB_GPG_KEY_AIR_CURRENTS));
}

static void
draw_map (ArbEncounter *enc,
          cairo_t      *cr,
          ArbViewport  *vp,
          int           cols,
          int           rows)
{
  double scale = arb_viewport_get_scale (vp);

  /* The last turn's air currents, by their rows on the right wall. */
  if (arb_encounter_get (enc, E, ARB_GPG_KEY_AIR_CURRENTS))
    {
      g_auto(GStrv) markers = g_strsplit (arb_encounter_get (enc, E, ARB_GPG_KEY_AIR_CURRENTS), ",", -1);
      g_autofree int *in_row = g_new0 (int, MAX (rows, 1));

      for (guint m = 0; markers[m]; m++)
        {
          g_auto(GStrv) kv = g_strsplit (markers[m], ":", 2);
          gint64 row;
          double x, y;
          gboolean up;

          if (!kv[0] || !kv[1] || !g_ascii_string_to_signed (kv[0], 10, 0, rows - 1, &row, NULL))
            continue;
          up = g_str_equal (kv[1], "up");
          {
            ArbHex hex = { cols - 1, (int)row - (cols - 1) / 2 };

            arb_viewport_hex_to_pixel (vp, hex, &x, &y);
          }
          /* Side by side when a row has more than one. */
          x += scale * (1.6 + 0.9 * in_row[row]++);
          cairo_set_source_rgba (cr, up ? 0.21 : 0.88, up ? 0.52 : 0.11, up ? 0.89 : 0.14, 0.85);
          cairo_move_to (cr, x, y + (up ? -0.5 : 0.5) * scale);
          cairo_line_to (cr, x - 0.4 * scale, y + (up ? 0.3 : -0.3) * scale);
          cairo_line_to (cr, x + 0.4 * scale, y + (up ? 0.3 : -0.3) * scale);
          cairo_close_path (cr);
          cairo_fill (cr);
        }
    }

  /* Row labels down the left wall (the pit's 2d6 numbers). */
  if (scale >= 8)
    {
      g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
      PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");

      pango_font_description_set_absolute_size (font, scale * 0.7 * PANGO_SCALE);
      pango_layout_set_font_description (layout, font);
      pango_font_description_free (font);
      for (int row = 0; row < rows; row++)
        {
          ArbHex hex = { 0, row };
          g_autofree char *text = g_strdup_printf ("%d", arb_gpg_row_label (enc, row));
          double x, y;
          int w, h;

          arb_viewport_hex_to_pixel (vp, hex, &x, &y);
          pango_layout_set_text (layout, text, -1);
          pango_layout_get_pixel_size (layout, &w, &h);
          cairo_set_source_rgb (cr, 0.36, 0.33, 0.30);
          cairo_move_to (cr, x - scale * 1.2 - w, y - h / 2.0);
          pango_cairo_show_layout (cr, layout);
        }
    }
}

/* Altitude and speed: "3/5". */
static void
token_note (ArbEncounter *enc,
            const char   *id,
            GString      *note)
{
  g_string_append_printf (note, "%s%d/%d", note->len ? " " : "",
                          arb_step_peek_field_int (NULL, enc, id, ARB_GPG_KEY_ALTITUDE, 0),
                          arb_step_peek_field_int (NULL, enc, id, ARB_GPG_KEY_SPEED, 0));
}

/* gpg.move's manoeuvres from keys and buttons, not typed. */
static GtkWidget *
param_row (ArbEncounter       *enc,
           const char         *procedure,
           const ArbParamSpec *spec,
           const char         *actor)
{
  if (g_strcmp0 (procedure, "gpg.move") != 0 || g_strcmp0 (spec->name, "moves") != 0)
    return NULL;
  return arb_gpg_moves_row_new (arb_gpg_setting (enc, ARB_GPG_KEY_SETTING_ADVANCED));
}

/* The glider's hexes and facing as @step leaves them, from @start. */
static GArray *
path_of_step (ArbStep    *step,
              const char *id,
              ArbHex      start,
              int        *facing)
{
  GPtrArray *effects = arb_step_get_effects (step);
  GArray *path = g_array_new (FALSE, FALSE, sizeof (ArbHex));
  ArbHex here = start;

  g_array_append_val (path, here);
  for (guint i = 0; i < effects->len; i++)
    {
      ArbEffect *effect = g_ptr_array_index (effects, i);

      if (g_strcmp0 (effect->entity, id) != 0 || effect->new_value == NULL)
        continue;
      if (effect->key == ARB_KEY_FACING)
        *facing = atoi (effect->new_value);
      else if (effect->key == ARB_KEY_Q)
        here.q = atoi (effect->new_value);
      else if (effect->key == ARB_KEY_R)
        {
          /* A hex is entered with its q, then its r. */
          here.r = atoi (effect->new_value);
          g_array_append_val (path, here);
        }
    }
  return path;
}

/* The manoeuvres as the procedure flies them, the movement not yet
 * spent kept: as far as the list is legal, its longest legal start. */
static GArray *
plan_path (ArbEncounter      *enc,
           ArbRulesetLibrary *rules,
           const char        *procedure,
           GHashTable        *params,
           const char        *actor,
           int               *facing)
{
  const char *moves = g_hash_table_lookup (params, "moves");
  const char *id = g_hash_table_lookup (params, "id");
  g_auto(GStrv) list = NULL;
  ArbHex start;

  if (g_strcmp0 (procedure, "gpg.move") != 0 || moves == NULL || *moves == '\0')
    return NULL;
  if (id == NULL)
    id = actor;
  if (id == NULL || !arb_encounter_get_hex (enc, id, &start, facing))
    return NULL;
  list = g_strsplit (moves, ",", -1);
  for (guint n = g_strv_length (list); n > 0; n--)
    {
      g_autoptr(GHashTable) tried = g_hash_table_new (g_str_hash, g_str_equal);
      g_autofree char *prefix = NULL;
      char *kept = list[n];
      ArbOutcome *outcome;

      list[n] = NULL;
      prefix = g_strjoinv (",", list);
      list[n] = kept;
      {
        GHashTableIter iter;
        gpointer key, value;

        g_hash_table_iter_init (&iter, params);
        while (g_hash_table_iter_next (&iter, &key, &value))
          g_hash_table_insert (tried, key, value);
      }
      g_hash_table_insert (tried, (gpointer)"moves", prefix);
      g_hash_table_insert (tried, (gpointer)"keep", (gpointer)"yes");
      if ((outcome = arb_procedure_run (procedure, enc, rules, tried, NULL, NULL, NULL)))
        {
          GArray *path = path_of_step (outcome->step, id, start, facing);

          arb_outcome_free (outcome);
          return path;
        }
    }
  return NULL;
}

const ArbAppGame *
arb_gpg_app_game (void)
{
  static const ArbAppGame game = {
    .id = "gpg",
    .draw_map = draw_map,
    .map_state = map_state,
    .token_note = token_note,
    .param_row = param_row,
    .plan_path = plan_path,
  };

  return &game;
}
