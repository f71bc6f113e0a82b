# case: print_then_zerodiv
print('start')
for i in range(3):
    print('step', i)
x = 1 / 0
# case: print_then_keyerror_in_function
def lookup(d, k):
    print('looking up', k)
    return d[k]
d = {'a': 1}
print(lookup(d, 'a'))
print(lookup(d, 'b'))
# case: print_unicode_then_error
print('形状', 'ok', sep='|')
print('é' * 3, end='')
raise ValueError('形状 bad')
# case: print_caught_then_uncaught
try:
    1 / 0
except ZeroDivisionError as e:
    print('caught', e)
print('after')
int('x')
# case: print_end_sep_then_error
print(1, 2, 3, sep=', ', end=';\n')
print('no newline', end='')
[][0]
# case: syntax_error_prints_nothing
print('never')
x = (1,
# case: print_in_generator_then_error
def gen():
    yield 1
    print('inside')
    yield 1 / 0
print(list(gen()))
# case: assert_after_output
print('checking')
assert 1 == 2, 'mismatch'
# case: print_then_user_exception
class Bad(Exception):
    pass
print('about to raise')
raise Bad('custom', 2)
# case: print_then_name_error
print('x')
print(undefined_name)
