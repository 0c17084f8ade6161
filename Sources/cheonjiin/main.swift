// The executable only parses arguments and dispatches; the work lives in the library targets.
Cheonjiin.main()
