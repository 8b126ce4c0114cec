-- Decision 0316: an annulled purchase has its own state, ANULADA. Until now the annulment
-- (POST …/admin/compras/{id}/anular, a withdrawal's approval, the gateway's void) moved it
-- PAGADO → NO_PAGADO, keeping its paid date, and wrote its reason in state_history as
-- «Compra anulada: <motivo>». Those purchases become ANULADA: the ones whose history has that
-- annulment row, and any NO_PAGADO one with a paid date (only an annulment leaves one). The
-- history itself stays as written (append-only, decision 0418): its row says PAGADO → NO_PAGADO.
UPDATE compras SET estado = 'ANULADA'
WHERE estado = 'NO_PAGADO'
  AND (
    pagado_at IS NOT NULL
    OR id IN (
      SELECT entity_id FROM state_history
      WHERE entity = 'compra' AND from_state = 'PAGADO' AND to_state = 'NO_PAGADO'
        AND comentario LIKE 'Compra anulada: %'
    )
  );
