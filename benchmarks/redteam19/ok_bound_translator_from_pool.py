"""Stores its own pool's bound translate_loc_from_full_to_swa (if any) and applies it to decode locations."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # Cache the bound method once; the decode hot path just calls it.
        self._loc_translator = getattr(
            self.token_to_kv_pool, "translate_loc_from_full_to_swa", None
        )

    def forward_decode(self, loc):
        if self._loc_translator is not None:
            return self.token_to_kv_pool, self._loc_translator(loc)
        return self.token_to_kv_pool, loc
