.PHONY: demo test
demo:  ## run the product on the demo story at http://127.0.0.1:8000/
	scripts/demo.sh
test:  ## run every test
	scripts/test.sh
