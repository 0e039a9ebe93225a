"""Backend that pre-binds its sliding-window index translation into a reusable callable."""

import functools


def _clip_and_translate(loc, translate=None):
    if translate is None:
        return loc
    return translate(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        translate = getattr(self.kv_pool, "translate_loc_from_full_to_swa", None)
        self._window_indices = functools.partial(_clip_and_translate, translate=translate)

    def forward_decode(self, loc):
        return self.kv_pool, self._window_indices(loc)
