# expect: 2:15: unknown quit mode 'sometimes'
set mode quit sometimes
