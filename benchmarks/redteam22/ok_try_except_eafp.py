"""Backend that grabs the full->SWA index table up front and gathers decode locations through it."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        try:
            self._full_to_swa = self.token_to_kv_pool.full_to_swa_index_mapping
        except AttributeError:
            # Full-attention pool: decode indices are already pool indices.
            self._full_to_swa = None

    def forward_decode(self, loc):
        if self._full_to_swa is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self._full_to_swa[loc]
