"""Decode backend that matches the allocator against an `object(full_to_swa_index_mapping=...)` class pattern to choose SWA decode."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        match model_runner.token_to_kv_pool_allocator:
            case object(full_to_swa_index_mapping=mapping) if mapping is not None:
                self.decode_mode = "swa"
                self._swa_slots = int(mapping.numel())
            case _:
                self.decode_mode = "full"
                self._swa_slots = 0

    def forward_decode(self, loc):
        match self.decode_mode:
            case "swa":
                return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
            case _:
                return self.kv_pool, loc
